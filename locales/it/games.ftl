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
games-two_players_hint = In due giocano solo i posti 0 e 1.
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
games-madrasso_points = Punti della squadra (0-130; l'altra ha il resto)
games-madrasso_hint = Punti e squadra per una mano giocata; squadra per il cappotto; giocatore per cassone; giocatore e punti della sua squadra nella mano per la dichiarazione.

## Tressette

games-tressette_played = Mano giocata: punti in carte di una squadra
games-tressette_claim = Il giocatore chiama la vittoria
games-tressette_sweep = Cappotto e simili
games-tressette_points = Punti in carte (0-11, accusi esclusi)
games-tressette_sweep_kind = Tipo di cappotto
games-tressette_declarations = Accusi
games-declaration = Dichiarazione
games-tressette_four = quattro (4 punti)
games-tressette_three = tre (3 punti)
games-rank = Carta
games-aces = assi
games-suit_hint = Seme (napoletana) o seme mancante (tre)
games-tressette_hint = Squadra e punti in carte per una mano giocata; giocatore e punti della sua squadra per una chiamata; squadra e tipo per un cappotto.

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

## Vitou

games-vitou_won = Giro vinto da una squadra
games-vitou_refused = Il giocatore rifiuta l'ultimo rilancio
games-vitou_tied = Tre prese pari
games-vitou_declined = La squadra a 20 non gioca
games-vitou_all_passed = A 20-20 passano tutti
games-vitou_bids = Rilanci, in ordine
games-vitou_bid = Rilancio
games-vitou_points = Punti segnati (facoltativo, controllati)
games-vitou_hint = La squadra vincente per un giro giocato; il giocatore che rifiuta per un rifiuto.

## the score sheets

games-sheet_rows = Punti per mano
games-col_deal = Mano
games-col_round = Giro
games-col_totals = Totale
games-col_detail = Note
games-game = Partita
games-first_to = vince chi arriva a
