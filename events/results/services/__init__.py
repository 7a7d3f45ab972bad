"""Writes, each in one transaction. (results)"""
