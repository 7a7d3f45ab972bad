"""Writes, each in one transaction. (setup)"""
