# Texts refused by the rules of src/text.rs, naming the field they were in
# (`text-field`, passed to the others as $field).
text-field = { $field ->
    [title] Nome della partita
    [name] Nome
    [display_name] Nome visualizzato
    [label] Etichetta
    [player1] Giocatore 1
    [player2] Giocatore 2
    [seat0] Posto 1
    [seat1] Posto 2
    [seat2] Posto 3
    [seat3] Posto 4
    [venue] Luogo
    [submission_key] submission_key
    [username] Nome utente
   *[other] { $field }
}
text-control = Il campo «{ $field }» contiene un carattere di controllo (per esempio NUL), che non è accettato.
text-line_break = Il campo «{ $field }» contiene un a capo: va scritto su una riga sola.
text-format = Il campo «{ $field }» contiene un carattere invisibile o che cambia il verso della scrittura (per esempio uno spazio di larghezza zero), che in un nome non è accettato.
