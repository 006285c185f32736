"""Every table, whatever the game: its one writer (`services`), its reads and frames
(`selectors`), its websocket (`consumers`), its pages (`views`) and the sentences its script
shows (`strings`).
"""
