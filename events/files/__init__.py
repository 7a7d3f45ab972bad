"""Other scorers' files and ours: traveller CSV, USEBIO and PBN results imported (compared with the file's figures,
conventions fitted) and exported, the downloads."""
