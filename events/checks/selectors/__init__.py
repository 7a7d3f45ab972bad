"""Reads for the pages (no writes, no services). (checks)"""
