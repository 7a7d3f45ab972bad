"""Forms: what a person types, checked. (files)"""
