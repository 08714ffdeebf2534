### Quel che serde e serde_json dicono di un JSON che non sanno leggere (`rules::json_text`).

## sintassi: il testo non è JSON
json-eof_list = il testo finisce dentro una lista
json-eof_object = il testo finisce dentro un oggetto
json-eof_string = il testo finisce dentro una stringa
json-eof_value = il testo finisce dove è atteso un valore
json-expected_colon = atteso `:`
json-expected_list_comma = attesi `,` o `]`
json-expected_object_comma = attesi `,` o `{"}"}`
json-expected_ident = parola non valida (sono ammesse true, false e null)
json-expected_value = atteso un valore
json-expected_quote = atteso `"`
json-invalid_escape = sequenza di escape non valida
json-invalid_number = numero non valido
json-number_out_of_range = numero fuori dai limiti
json-invalid_unicode = carattere Unicode non valido
json-control_character = carattere di controllo dentro una stringa
json-key_not_string = le chiavi devono essere stringhe
json-lone_surrogate = surrogato Unicode isolato in una sequenza \u
json-trailing_comma = virgola di troppo
json-trailing_characters = caratteri in più dopo la fine
json-hex_escape_end = sequenza \u incompleta
json-recursion_limit = troppi livelli annidati

## dati: JSON, ma non della forma attesa
json-missing_field = manca il campo { $name }
json-duplicate_field = il campo { $name } è ripetuto
json-unknown_field = campo { $name } sconosciuto: previsto { $expected }
json-unknown_field_none = campo { $name } non previsto: qui non ce ne sono
json-unknown_variant = valore { $name } sconosciuto: previsto { $expected }
json-unknown_variant_none = valore { $name } non previsto: qui non ce ne sono
json-invalid_type = { $found } dove è atteso { $expected }
json-invalid_value = valore non valido: { $found }, atteso { $expected }
json-invalid_length = lunghezza { $length } non valida: attesa { $expected }
json-untagged = { $name ->
       *[other] il valore non ha nessuna delle forme previste
    }

## i nomi che serde si aspetta
json-one_of = uno tra { $names }
json-either = { $first } o { $second }

## quel che serde ha trovato
json-found_string = la stringa { $value }
json-found_integer = il numero intero { $value }
json-found_float = il numero { $value }
json-found_boolean = il valore { $value }
json-found_char = il carattere { $value }
json-found_null = { $text ->
       *[other] null
    }
json-found_map = un oggetto
json-found_sequence = una lista

## quel che serde si aspettava ($text è il nome che serde dà al tipo, in inglese)
json-shape_boolean = true o false
json-shape_char = un carattere
json-shape_sequence = una lista
json-shape_map = un oggetto
json-shape_json = un valore JSON
json-shape_unit = null
json-shape_tuple = una lista di { $size } { $size ->
        [one] elemento
       *[other] elementi
    }
json-shape_array = una lista di { $size } { $size ->
        [one] elemento
       *[other] elementi
    }
json-shape_integer = { $text ->
       *[other] un numero intero
    }
json-shape_number = { $text ->
       *[other] un numero
    }
json-shape_string = { $text ->
       *[other] una stringa
    }
json-shape_object = { $text ->
       *[other] un oggetto
    }
json-shape_enum = { $text ->
       *[other] uno dei valori previsti
    }

## le lamentele del motore stesso su carte, semi, posti e chiamate
json-not_card = { $input } non è una carta
json-not_suit = { $input } non è un seme (i semi sono "s", "b", "c", "d")
json-no_seat = il posto { $seat } non esiste (i posti vanno da { $first } a { $last })
json-bid = una chiamata vale 3, 6, 12 o "baraque"
json-no_such_entry = nessuna registrazione ha un numero così grande

## una registrazione di partita o una richiesta che non si legge
json-unreadable = JSON non leggibile (riga { $line }, colonna { $column }): { $message }
json-options_unreadable = opzioni di { $game } non leggibili: { $message }
json-entry_unreadable = registrazione { $index } non leggibile: { $message }
json-version_missing = manca "format_version" (atteso { $supported })
json-version_unsupported = versione del formato { $found } non supportata (supportata: { $supported })
json-game_missing = manca "game" (atteso { $expected })
json-game_other = qui si legge una partita di { $expected }, non di { $found }
json-game_unknown = gioco { $found } sconosciuto (previsto { $expected })
json-players_not_supported = { $game } si gioca in 2 o in 4, non in { $players } (opzione "players")
json-players_count = "players" dà { $found } { $found ->
        [one] nome
       *[other] nomi
    }, ma questa partita di { $game } ha { $expected } { $expected ->
        [one] giocatore
       *[other] giocatori
    }
json-first_dealer_seat = "first_dealer": il posto { $seat } non esiste (i posti vanno da 0 a { $last })
