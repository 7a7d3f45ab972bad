"""Writes, each in one transaction. (checks)"""
