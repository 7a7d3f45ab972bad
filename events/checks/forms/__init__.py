"""Forms: what a person types, checked. (checks)"""
