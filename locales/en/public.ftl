### Words of the public pages: the home page's list of clubs, descriptions for search engines.

meta-description = Scorekeeping for Venetian and Italian card tournaments: live results, standings and brackets of the clubs' events.
error-link_revoked = Link revoked
error-link_revoked_detail = The organizer revoked this table link: the points already recorded are kept. Ask the organizer for the new link or its card with the QR code.
revoke-confirm_title = Revoke the table link?
revoke-line = Whoever holds it can no longer record points; those already recorded stay. You can issue a new one at any time.
revoke-confirm_submit = Revoke the link
club-none_hint = Only an administrator of this service can create a club and add you to it: ask one to create your club and add you as its organizer.
event-highlight_player = Highlight a player

# The home page's list of clubs and their events.
home-clubs_title = Clubs and tournaments
home-club_no_events = No tournament published yet.
home-events_live = Live now
home-events_upcoming = Coming up
home-events_recent = Recently finished

# The event page of an event of any size, and the full pages behind it.
event-now = Being played now
event-now_last = The last round
event-up_next = Up next: where to sit
event-round_all_matches = All { $count } matches of this round
event-all_rounds = All rounds
event-full_standings = Full standings
event-full_standings_count = Full standings ({ $count })
event-all_entrants = Entrants ({ $count })
event-more_pages = The event's pages
event-search_submit = Search
event-search_name = Search for a name
event-search_none = No name found for “{ $search }”.
event-found = { $count ->
    [one] One entrant found.
   *[other] { $count } entrants found.
}
event-highlighted = Highlighted
event-highlight_clear = Clear the highlight
event-row_details = Details
event-page_of = Page { $page } of { $pages }
event-page_previous = Previous page
event-page_next = Next page

error-invitation_used = Invitation already used
error-invitation_used_detail = This invitation link has already been used to create an account. If it was you, log in with the username and password you chose; otherwise ask the administrator for a new invitation.
home-season_current = Season under way
home-season_last = Last season

# The archive of events (/events) and the home page's bounded lists (issue 39).
archive-title = Tournament archive
archive-link = Every tournament, in the archive
archive-clubs_link = Every club and its tournaments
archive-filter_club = Club
archive-filter_season = Club season
archive-filter_game = Game
archive-filter_from = From
archive-filter_to = To
archive-filter_any = All
archive-filter_apply = Filter
archive-filter_clear = Clear filters
archive-pages = Archive pages
archive-latest = ⇤ Latest
archive-earliest = Earliest ⇥
archive-page_gone = That page of the archive is gone: here are the latest events.
archive-finished = Finished
archive-none = No tournament published yet.
archive-none_filtered = No tournament matches these filters.
archive-unknown_club = No club has this name: choose one from the list.
archive-unknown_game = No game has this name: choose one from the list.
archive-unknown_season = This season does not exist (or is not the chosen club's): choose one from the list.
archive-bad_day = A day could not be read: write it as 2026-03-31. The day filter was not applied.
home-events_title = Tournaments
home-club_events = The club's tournaments
clubs-title = Clubs
clubs-filter_name = The club's name, or part of it
clubs-none_found = No club has this name.
clubs-pages = Pages of clubs
