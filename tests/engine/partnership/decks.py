"""Decks whose deal ends a known way when every seat plays its first legal card.

Found by playing random decks with that policy (trump spades and passes in Flemish); the same
deck gives the same hands relative to the dealer, so the outcome follows the dealer around the
table: the dealer's team takes the capot whoever deals.
"""

# Flemish, spades trump: the dealer's team takes all eight tricks (60 card points).
FLEMISH_DEALERS_CAPOT = (
    "9C QH QD TS 8D 8C AH TD KC AS AC QS 8S KH TC KD JD 9D 9H JS 7C AD QC 8H 9S KS 7H JC JH 7S "
    "7D TH"
).split()
# Flemish, spades trump: 30-30.
FLEMISH_TIE = (
    "9H TH JH TC AH JS 9S AS 7D KS JD 9C 7S 8C 9D 7C QD KC TS QC 7H JC AD 8H KD QS QH TD 8S AC "
    "8D KH"
).split()
# French: the turned-up K♠ is trump; the dealer's opponents take all eight tricks (68).
FRENCH_OPPONENTS_CAPOT = (
    "9H QC JH TC 7H AD JC KD QH TS 7D JS 7C KH AC 8H QD 9C 8C 9D JD AH 8S KC AS TH 9S QS 7S 8D "
    "TD KS"
).split()
# French: the turned-up 7♠ is trump; 34-34, four tricks each.
FRENCH_TIE = (
    "8H AD JH JS 7C QS TH 7H QC AS QH 7D KC TS KS TC KD QD 8S 9D 9C AC 9S 8C 9H TD KH 8D AH JC "
    "JD 7S"
).split()
