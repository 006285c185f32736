"""The site's four-player tables (manille-4p.md): models in `games.models`, writes in
`services`, reads and the table's frame in `selectors`, the websocket in `consumers`, pages in
`views`, computer players' turns in `robots`. Every rule question goes to the engine's registry
(`games.engine.variants`): nothing here branches on the variant.
"""
