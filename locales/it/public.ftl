### Words of the public pages: the home page's list of clubs, descriptions for search engines.

meta-description = Segnapunti dei tornei di carte venete e italiane: risultati dal vivo, classifiche e tabelloni degli eventi dei circoli.
error-link_revoked = Collegamento revocato
error-link_revoked_detail = L'organizzatore ha revocato questo collegamento del tavolo: i punti già registrati restano. Chiedi all'organizzatore il collegamento nuovo o la sua tessera col codice QR.
revoke-confirm_title = Revocare il collegamento del tavolo?
revoke-line = Chi lo usa non potrà più registrare punti; quelli già registrati restano. Potrai generarne uno nuovo in qualsiasi momento.
revoke-confirm_submit = Revoca il collegamento
club-none_hint = Un circolo si crea e ti si affida solo da un amministratore del servizio: chiedigli di crearne uno e di aggiungerti tra i suoi organizzatori.
event-highlight_player = Evidenzia un giocatore

# The home page's list of clubs and their events.
home-clubs_title = Circoli e tornei
home-club_no_events = Nessun torneo pubblicato per ora.
home-events_live = In corso
home-events_upcoming = In programma
home-events_recent = Conclusi di recente
