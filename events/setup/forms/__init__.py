"""Forms: what a person types, checked. (setup)"""
