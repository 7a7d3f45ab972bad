"""Writes, each in one transaction. (tables)"""
