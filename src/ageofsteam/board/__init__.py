"""The board: hex geometry, the track tiles, map data and the network of places and links."""
