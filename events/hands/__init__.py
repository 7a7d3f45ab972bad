"""Hand records: deals imported or typed, their double-dummy analysis and par, the pairs' figures against par, the
public hand-record pages."""
