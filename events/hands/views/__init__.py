"""Views: they ask the selectors and call the services (no queries of their own). (hands)"""
