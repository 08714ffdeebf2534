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
