"""Writes, each in one transaction. (files)"""
