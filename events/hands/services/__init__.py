"""Writes, each in one transaction. (hands)"""
