"""File formats: TRF (FIDE Tournament Report File) and pairing outputs."""
