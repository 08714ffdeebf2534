# Texts refused by the rules of src/text.rs, naming the field they were in
# (`text-field`, passed to the others as $field).
text-field = { $field ->
    [title] Match name
    [name] Name
    [display_name] Display name
    [label] Label
    [player1] Player 1
    [player2] Player 2
    [seat0] Seat 1
    [seat1] Seat 2
    [seat2] Seat 3
    [seat3] Seat 4
    [venue] Venue
    [submission_key] submission_key
    [username] Username
   *[other] { $field }
}
text-control = The field “{ $field }” contains a control character (such as NUL), which is not accepted.
text-line_break = The field “{ $field }” contains a line break: it must be written on one line.
text-format = The field “{ $field }” contains an invisible or direction-changing character (such as a zero-width space), which a name may not contain.
