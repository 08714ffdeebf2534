### What the comanda reader refuses, in a comanda or a club's nicknames.

comanda-empty = la comanda è vuota
comanda-unknown_word = parola sconosciuta «{ $word }»
comanda-misplaced = «{ $word }» non può stare qui
comanda-rank_missing = dopo «{ $word }» manca una carta (asso … re, 1 … 13)
comanda-rank_expected = dopo «{ $after }» ci vuole una carta (asso … re, 1 … 13), non «{ $word }»
comanda-suit_missing = dopo «{ $word }» manca il seme (spade, bastoni, coppe, denari)
comanda-suit_expected = dopo «{ $after }» ci vuole un seme (spade, bastoni, coppe, denari), non «{ $word }»
comanda-direction_twice = «{ $word }» segue un'altra parola di direzione (più, manco, meno)
comanda-two_suits = «{ $word }» è un secondo seme nella stessa parte della comanda
comanda-suit_clash = «{ $word }» contraddice il seme di un'altra parola della stessa parte
comanda-suit_without_cards = «{ $word }»: quali carte di questo seme? (per esempio «{ $word } al tredici»)
comanda-too_long = la comanda è troppo lunga
comanda-nickname_syntax = la riga non è nella forma «nome = espansione»
comanda-nickname_name = «{ $word }» non è un nome valido: una sola parola di lettere o cifre
comanda-nickname_clash = «{ $word }» è già una parola del vocabolario
comanda-nickname_loop = il soprannome «{ $word }» rimanda a se stesso
comanda-nickname_duplicate = il soprannome «{ $word }» è definito due volte
comanda-nickname_empty = il soprannome «{ $word }» non ha espansione
# Where the fault stands, around the message of what it is.
comanda-at_word = { $text } (parola { $word })
comanda-in_nickname = { $text }, nell'espansione di «{ $nickname }»
comanda-at_line = { $text }, riga { $line }

## an explicit ranking, and the two restrictions every ranking keeps

ranking-unequal_ranks = { $first } e { $second } hanno ranghi diversi e non possono essere pari (regola 1: carte di rango diverso non possono avere la stessa forza)
ranking-card_repeated = { $card } compare più di una volta (regola 2: ogni carta una volta sola, in un'unica lista)
ranking-card_missing = manca { $card } (regola 2: la lista deve contenere tutte le 52 carte)
# A refused explicit ranking, in the smazzata it was given for.
ranking-in_smazzata = Smazzata { $smazzata }, ordine esplicito delle carte: { $error }
ranking-empty_level = un livello della classifica è vuoto
comanda-explicit_empty = la classifica è vuota
comanda-explicit_unknown_word = «{ $word }» non è una carta
comanda-explicit_suit_without_rank = il seme «{ $word }» non segue nessuna carta
comanda-explicit_suit_expected = dopo «{ $word }» manca il seme
comanda-explicit_at_level = livello { $level }: { $text }
comanda-explicit_at_level_again = livello { $level }: { $text } (già al livello { $first })
