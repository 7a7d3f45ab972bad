"""Writes, each in one transaction. (standings)"""
