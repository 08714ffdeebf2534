### What serde and serde_json say about JSON they cannot read (`rules::json_text`).
### The English words are serde's own, so that nothing changes for an English reader;
### the arguments are serde's names and values as it writes them.

## syntax: the text is not JSON
json-eof_list = EOF while parsing a list
json-eof_object = EOF while parsing an object
json-eof_string = EOF while parsing a string
json-eof_value = EOF while parsing a value
json-expected_colon = expected `:`
json-expected_list_comma = expected `,` or `]`
json-expected_object_comma = expected `,` or `{"}"}`
json-expected_ident = expected ident
json-expected_value = expected value
json-expected_quote = expected `"`
json-invalid_escape = invalid escape
json-invalid_number = invalid number
json-number_out_of_range = number out of range
json-invalid_unicode = invalid unicode code point
json-control_character = control character (\u0000-\u001F) found while parsing a string
json-key_not_string = key must be a string
json-lone_surrogate = lone leading surrogate in hex escape
json-trailing_comma = trailing comma
json-trailing_characters = trailing characters
json-hex_escape_end = unexpected end of hex escape
json-recursion_limit = recursion limit exceeded

## data: JSON, but not of the shape expected
json-missing_field = missing field { $name }
json-duplicate_field = duplicate field { $name }
json-unknown_field = unknown field { $name }, expected { $expected }
json-unknown_field_none = unknown field { $name }, there are no fields
json-unknown_variant = unknown variant { $name }, expected { $expected }
json-unknown_variant_none = unknown variant { $name }, there are no variants
json-invalid_type = invalid type: { $found }, expected { $expected }
json-invalid_value = invalid value: { $found }, expected { $expected }
json-invalid_length = invalid length { $length }, expected { $expected }
json-untagged = data did not match any variant of untagged enum { $name }

## the names serde expects
json-one_of = one of { $names }
json-either = { $first } or { $second }

## what serde found
json-found_string = string { $value }
json-found_integer = integer { $value }
json-found_float = floating point { $value }
json-found_boolean = boolean { $value }
json-found_char = character { $value }
json-found_null = { $text }
json-found_map = map
json-found_sequence = sequence

## what serde expected: fixed words, or serde's name of a type as it wrote it
json-shape_boolean = a boolean
json-shape_char = a character
json-shape_sequence = a sequence
json-shape_map = a map
json-shape_json = any valid JSON value
json-shape_unit = unit
json-shape_tuple = a tuple of size { $size }
json-shape_array = an array of length { $size }
json-shape_integer = { $text }
json-shape_number = { $text }
json-shape_string = { $text }
json-shape_object = { $text }
json-shape_enum = { $text }

## the engine's own complaints about cards, suits, seats and bids
json-not_card = not a card: { $input }
json-not_suit = not a suit: { $input } (suits are "s", "b", "c", "d")
json-no_seat = seat { $seat } does not exist (seats are { $first } to { $last })
json-bid = a bid is 3, 6, 12 or "baraque"
json-no_such_entry = no entry has a number that large

## a match record or a request that cannot be read
json-unreadable = unreadable JSON (line { $line }, column { $column }): { $message }
json-options_unreadable = the { $game } options cannot be read: { $message }
json-entry_unreadable = entry { $index } cannot be read: { $message }
json-version_missing = "format_version" is missing (expected { $supported })
json-version_unsupported = format version { $found } is not supported (supported: { $supported })
json-game_missing = "game" is missing (expected { $expected })
json-game_other = a { $found } record where { $expected } is expected
json-game_unknown = unknown game { $found } (expected { $expected })
json-players_not_supported = { $game } is played by 2 or 4 players, not { $players } (option "players")
json-players_count = "players" names { $found } players, but this { $game } match has { $expected }
json-first_dealer_seat = "first_dealer": seat { $seat } does not exist (seats are 0 to { $last })
