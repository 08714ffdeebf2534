### Words of the pages of Madrasso, Tressette, Trijumf and Vitou.

## the games

games-trionfetti = Trionfetti
games-madrasso = Madrasso
games-tressette = Tressette
games-trijumf = Trijumf
games-vitou = Vitou
games-choose = Gioco

## creating a match

games-options = Regole
games-player_count = Giocatori al tavolo
games-two_players_hint = In due giocano solo i posti 1 e 2.
games-min_deals = Mani minime per partita
games-must_trump = Obbligo di briscola se non si risponde al seme
games-revoke_penalty = Cassone
games-penalty_award = 130 punti agli avversari
games-penalty_subtract = 130 punti tolti a chi ha sbagliato
games-revoke_points = Punti agli avversari per una rinuncia
games-last_trick_points = Punti dell'ultima presa
games-twenty_rules = Regole speciali a 20
games-tressette_targets = Di solito si gioca a 21, 31 o 41.
games-yes = sì
games-no = no

## the referee page

games-side = Squadra
games-team = Squadra
games-player = Giocatore
games-outcome_title = Registra l'esito
games-outcome = Com'è finita
games-save = Registra
games-replace_title = Correggi una registrazione con questa
games-replace_target = Sostituisce la registrazione
games-replace_none = — nessuna (nuova) —
games-void_title = Annulla
games-replace_hint = Per sostituirla, usa il modulo dell'esito e scegli questa registrazione.
games-json_title = Avanzato: registrazione in JSON
games-json_hint = Per le mani carta per carta o le correzioni: una registrazione come nel file della partita (docs/match-record.md).
games-json_label = Registrazione
games-save_json = Controlla e registra

## Madrasso

games-madrasso_played = Mano giocata: punti di una squadra
games-madrasso_cappotto = Cappotto (tutte le prese)
games-madrasso_cassone = Cassone (rinuncia) del giocatore
games-madrasso_declared = Il giocatore dichiara fuori
games-madrasso_points = Punti della squadra (0-130)
games-madrasso_hint = Mano giocata: i punti di una squadra (l'altra ha il resto), poi la squadra. Cappotto: la squadra. Cassone: il giocatore, poi «Registra». Dichiarazione: il giocatore e i punti della sua squadra, poi «Registra».
games-madrasso_team_hint = Poi tocca la squadra:
games-madrasso_other = Altro esito: cappotto, cassone, dichiarazione

## Tressette

games-tressette_played = Mano giocata: punti in carte di una squadra
games-tressette_claim = Il giocatore chiama la vittoria
games-tressette_sweep = Cappotto e simili
games-tressette_points = Punti in carte (0-11, accusi esclusi)
games-tressette_sweep_kind = Tipo di cappotto
games-tressette_declarations = Accusi
games-declaration = Dichiarazione
games-combination = Combinazione
games-tressette_four = quattro (4 punti)
games-tressette_three = tre (3 punti)
games-rank = Carta
games-aces = assi
games-suit_hint = Seme (napoletana) o seme mancante (tre)
games-tressette_hint = Mano giocata: punti in carte, poi la squadra. Chiamata: il giocatore e i punti della sua squadra, poi «Registra». Cappotto: il tipo, poi la squadra.
games-tressette_team_hint = Poi tocca la squadra:
games-tressette_other = Altro esito: chiamata, cappotto

## Trijumf

games-trijumf_cut = Taglio
games-trijumf_normal = normale
games-trijumf_knock = bussata
games-trijumf_flip = carta girata
games-trijumf_trump_card = Carta di briscola
games-trijumf_played = Mano giocata fino in fondo
games-trijumf_claim = Il giocatore chiama la vittoria
games-trijumf_revoke = Rinuncia del giocatore
games-card_points = Punti in carte
games-trijumf_claim_correct = Chiamata giusta?
games-trijumf_declarations = Re e cavallo dichiarati
games-suit = Seme
games-trijumf_hint = Senza carta di briscola solo dopo una bussata in quattro. I punti in carte delle due parti fanno 130 (meno con una chiamata).
games-trijumf_other = Altro esito: chiamata, rinuncia

## Vitou

games-vitou_won = Giro vinto da una squadra
games-vitou_refused = Il giocatore rifiuta l'ultimo rilancio
games-vitou_tied = Tre prese pari
games-vitou_declined = La squadra a 20 non gioca
games-vitou_all_passed = A 20-20 passano tutti
games-vitou_bids = Rilanci, in ordine
games-vitou_bid = Rilancio
games-vitou_points = Punti segnati (facoltativo, controllati)
games-vitou_hint = Giro giocato: tocca la squadra vincente. Rifiuto: il giocatore che rifiuta, poi «Registra»; pari e a 20: «Registra».
games-vitou_team_hint = Tocca la squadra che ha vinto il giro:
games-vitou_other = Altro esito: rifiuto, pari, a 20

## the score sheets

games-sheet_rows = Punti per mano
games-col_deal = Mano
games-col_round = Giro
games-col_totals = Totale
games-col_detail = Note
games-game = Partita
games-first_to = vince chi arriva a

## reading an outcome form

games-not_a_number = Non è un numero intero: { $text }
games-unknown_card = Carta sconosciuta: { $text }
games-need_team = Scegli la squadra.
games-need_seat = Scegli il giocatore.
games-trionfetti_own_page = Per il Trionfetti si usa la sua pagina del segnapunti.
games-bad_correction = Correzione non valida.
games-need_reason = Scrivi il motivo della correzione.
games-unknown_outcome = Esito sconosciuto.
games-json_missing = Scrivi la registrazione in JSON.
games-madrasso_need_points = Scrivi i punti (0-130).
games-tressette_need_declarer = Scegli chi ha fatto l'accuso.
games-tressette_need_suit = Scegli il seme dell'accuso.
games-tressette_unknown_declaration = Accuso sconosciuto.
games-tressette_need_points = Scrivi i punti in carte (0-11).
games-tressette_need_sweep = Scegli il tipo di cappotto.
games-trijumf_unknown_cut = Taglio sconosciuto.
games-trijumf_need_declarer = Scegli chi ha dichiarato re e cavallo.
games-trijumf_need_points = Scrivi i punti in carte delle due parti.
games-vitou_need_bidder = Scegli chi ha rilanciato.
games-vitou_unknown_bid = Rilancio sconosciuto.
games-tressette_need_rank = Scegli la carta dell'accuso (assi, due o tre).
games-row_incomplete = { $row } { $number }: manca «{ $missing }». Completa la riga o svuotala.
games-field_unused = Il campo «{ $field }» non vale per ciò che hai scelto: svuotalo, oppure scegli l'esito a cui serve.
games-team_unused = Per l'esito scelto non si tocca una squadra: usa «Registra», oppure scegli l'esito giusto.
games-field_points = Punti
games-field_points_a = Punti in carte A
games-field_points_b = Punti in carte B
games-replace_need_target = Hai scritto il motivo di una correzione: scegli anche la registrazione da sostituire, oppure svuota il motivo.

## the log's lines and the score sheets' details

games-log_void = annulla #{ $target }: { $reason }
games-log_replace = sostituisce #{ $target } ({ $reason }): { $entry }
games-log_card_by_card = carta per carta · { $tricks ->
        [one] { $tricks } presa
       *[other] { $tricks } prese
    }
games-team_word = squadra { $team }
# A team whose players' names are known: "squadra A (Bepi · Nane)".
games-team_named = squadra { $team } ({ $names })
games-seat_word = posto { $seat }
games-n_points = { $count ->
        [one] { $count } punto
       *[other] { $count } punti
    }
games-n_games = { $count ->
        [one] { $count } partita
       *[other] { $count } partite
    }
games-n_games_won = { $count ->
        [one] { $count } partita vinta
       *[other] { $count } partite vinte
    }
games-n_players = { $count ->
        [one] { $count } giocatore
       *[other] { $count } giocatori
    }
games-n_accusi = { $count ->
        [one] { $count } accuso
       *[other] { $count } accusi
    }
games-n_declared = { $count ->
        [one] { $count } dichiarazione
       *[other] { $count } dichiarazioni
    }
games-at_least_deals = almeno { $count ->
        [one] { $count } mano
       *[other] { $count } mani
    }
games-declared_out_by = { $who } dichiara fuori
games-declared_by = dichiarazione { DEL($who) } ({ $correct ->
        [yes] giusta
       *[no] sbagliata
    })
games-claim_by = chiamata { DEL($who) }
games-claim_judged = chiamata { DEL($who) } ({ $correct ->
        [yes] giusta
       *[no] sbagliata
    })
games-revoke_by = rinuncia { DEL($who) }
games-trumps = briscola: { $trump }
games-no_trumps = senza briscola
games-cards_pair = carte { $a }–{ $b }
games-tricks_pair = prese { $a }–{ $b }
games-accusi_pair = accusi { $a }–{ $b }: { $list }
games-king_horse_pair = re e cavallo { $a }–{ $b }
games-decl_four = quattro
games-decl_three = tre
games-cut_normal = taglio normale
games-cut_knock = bussata
games-cut_flip = carta girata
games-cut_unknown = taglio ?
games-tied = tre prese pari
games-declined = non gioca chi è a 20
games-all_passed = passano tutti
games-log_refused = rifiuto { DEL($who) }
games-refused = rifiuta { $who }
games-won_by = vince la { $team }
games-bid = rilancio { $bid }
games-team_on_twenty = squadra { $team } a 20
games-team_declined = squadra { $team } non gioca
games-penalty_award_fact = cassone: 130 agli avversari
games-penalty_subtract_fact = cassone: −130 a chi sbaglia
games-must_trump_fact = obbligo di briscola
# The games' own terms: a language may keep them or say its own.
games-log_cappotto = cappotto · { $team }
games-cappotto_team = cappotto { $team }
games-cassone_by = cassone · { $who }
games-sweep_cappotto = cappotto
games-sweep_stramazzo = stramazzo
games-sweep_cappottone = cappottone
games-sweep_stramazzone = stramazzone
games-sweep_team = { $sweep } { $team } · { $games }
games-decl_napoletana = napoletana

## the facts beside a score sheet

games-fact_deal = Mano
games-fact_round = Giro
games-fact_number = { $number } · partita { $game }
games-fact_can_declare = Si può dichiarare fuori
games-fact_rules = Regole
games-fact_played_to = Si gioca a
games-fact_cuts = Taglia
games-fact_stage = Fase
games-fact_bidding = Rilanci aperti
games-stage_normal = normale
games-stage_on_twenty = squadra { $team } a 20: niente rilanci
games-stage_both_twenty = 20–20: la prossima decide

## Who deals first, on the referee page.
first_dealer-title = Chi fa le carte per primo?
first_dealer-draw_summary = Oppure registra la pesca: una carta a testa
first_dealer-rule_highest = Fa le carte chi pesca la carta più alta nell'ordine del gioco; chi è pari pesca di nuovo.
first_dealer-rule_lowest = Fa le carte chi pesca la carta più bassa nell'ordine del gioco; chi è pari pesca di nuovo.
first_dealer-draw_again_summary = La pesca: chi è pari pesca di nuovo
first_dealer-by_name = Oppure scegli per nome chi fa le carte
first_dealer-save_draw = Registra la pesca
first_dealer-casual_summary = Chi fa le carte per primo (facoltativo)
first_dealer-choose = Scegli chi fa le carte per primo.
first_dealer-french_suit = { $suit ->
        [spade] picche
        [bastoni] fiori
        [coppe] cuori
       *[denari] quadri
    }
first_dealer-log = Primo mazziere: { $who }
first_dealer-log_draw = pesca in { $rounds ->
        [one] un giro
       *[other] { $rounds } giri
    }
first_dealer-log_unknown = Primo mazziere
