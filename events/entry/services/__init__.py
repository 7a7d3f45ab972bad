"""Writes, each in one transaction. (entry)"""
