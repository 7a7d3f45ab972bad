"""Forms: what a person types, checked. (entry)"""
