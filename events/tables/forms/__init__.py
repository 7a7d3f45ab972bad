"""Forms: what a person types, checked. (tables)"""
