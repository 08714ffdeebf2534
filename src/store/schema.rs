// The one diesel schema shared by both backends. Keep it in step with
// migrations/sqlite and migrations/postgres.

diesel::table! {
    users (id) {
        id -> BigInt,
        username -> Text,
        display_name -> Text,
        password_hash -> Text,
        role -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    sessions (id_hash) {
        id_hash -> Text,
        user_id -> BigInt,
        created_at -> Timestamp,
        expires_at -> Timestamp,
    }
}

diesel::joinable!(sessions -> users (user_id));

diesel::table! {
    app_settings (name) {
        name -> Text,
        value -> Text,
    }
}

diesel::table! {
    invitations (id) {
        id -> BigInt,
        token_hash -> Text,
        role -> Text,
        created_by -> BigInt,
        created_at -> Timestamp,
        expires_at -> Timestamp,
        used_by -> Nullable<BigInt>,
        account_id -> Nullable<BigInt>,
    }
}

diesel::table! {
    login_attempts (username, address) {
        username -> Text,
        address -> Text,
        window_started_at -> Timestamp,
        failures -> Integer,
    }
}

diesel::table! {
    players (id) {
        id -> BigInt,
        name -> Text,
        user_id -> Nullable<BigInt>,
        created_at -> Timestamp,
    }
}

diesel::joinable!(players -> users (user_id));

diesel::table! {
    player_changes (id) {
        id -> BigInt,
        player_id -> BigInt,
        action -> Text,
        account_id -> BigInt,
        account_label -> Text,
        by_user_id -> BigInt,
        by_label -> Text,
        created_at -> Timestamp,
    }
}

diesel::joinable!(player_changes -> players (player_id));

diesel::allow_tables_to_appear_in_same_query!(
    users,
    sessions,
    app_settings,
    invitations,
    login_attempts,
    players,
    player_changes
);

diesel::table! {
    matches (id) {
        id -> BigInt,
        public_id -> Text,
        title -> Text,
        game -> Text,
        options_json -> Text,
        players_json -> Text,
        first_dealer -> Integer,
        status -> Text,
        status_note -> Nullable<Text>,
        status_by -> Text,
        status_at -> Timestamp,
        created_by -> BigInt,
        created_at -> Timestamp,
        event_id -> Nullable<BigInt>,
        match_key -> Nullable<Text>,
        table_number -> Nullable<Integer>,
        sides_json -> Nullable<Text>,
        forfeit_winner -> Nullable<Text>,
        kept_as_played -> Bool,
    }
}

diesel::table! {
    scoring_links (id) {
        id -> BigInt,
        match_id -> BigInt,
        token -> Text,
        created_by -> BigInt,
        created_at -> Timestamp,
        revoked_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    match_referees (match_id, user_id) {
        match_id -> BigInt,
        user_id -> BigInt,
    }
}

diesel::table! {
    match_entries (id) {
        id -> BigInt,
        match_id -> BigInt,
        seq -> BigInt,
        entry_json -> Text,
        author_user_id -> Nullable<BigInt>,
        author_link_id -> Nullable<BigInt>,
        author_label -> Text,
        submission_key -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    match_state_changes (id) {
        id -> BigInt,
        match_id -> BigInt,
        from_state -> Text,
        to_state -> Text,
        reason -> Text,
        by_user_id -> Nullable<BigInt>,
        by_label -> Text,
        created_at -> Timestamp,
    }
}

diesel::joinable!(scoring_links -> matches (match_id));
diesel::joinable!(match_state_changes -> matches (match_id));
diesel::joinable!(match_referees -> matches (match_id));
diesel::joinable!(match_referees -> users (user_id));
diesel::joinable!(match_entries -> matches (match_id));

diesel::allow_tables_to_appear_in_same_query!(
    matches,
    scoring_links,
    match_referees,
    match_entries,
    match_state_changes,
    users
);

diesel::table! {
    api_tokens (id) {
        id -> BigInt,
        user_id -> BigInt,
        label -> Text,
        token_hash -> Text,
        created_at -> Timestamp,
        revoked_at -> Nullable<Timestamp>,
    }
}

diesel::joinable!(api_tokens -> users (user_id));

diesel::allow_tables_to_appear_in_same_query!(api_tokens, users);

// Events and clubs (issue 5).

diesel::table! {
    clubs (id) {
        id -> BigInt,
        slug -> Text,
        name -> Text,
        created_at -> Timestamp,
        time_zone -> Text,
    }
}

diesel::table! {
    club_organizers (club_id, user_id) {
        club_id -> BigInt,
        user_id -> BigInt,
    }
}

diesel::table! {
    club_nicknames (id) {
        id -> BigInt,
        club_id -> BigInt,
        name -> Text,
        folded -> Text,
        expansion -> Text,
    }
}

diesel::table! {
    events (id) {
        id -> BigInt,
        public_id -> Text,
        club_id -> BigInt,
        name -> Text,
        starts_at -> Timestamp,
        venue -> Text,
        game -> Text,
        game_options_json -> Text,
        format_json -> Text,
        listed -> Bool,
        status -> Text,
        seeding -> Nullable<Text>,
        seed_order_json -> Nullable<Text>,
        created_by -> BigInt,
        created_at -> Timestamp,
        time_zone -> Nullable<Text>,
    }
}

diesel::table! {
    entrants (id) {
        id -> BigInt,
        event_id -> BigInt,
        number -> Integer,
        label -> Text,
        player1_id -> BigInt,
        player2_id -> Nullable<BigInt>,
        checked_in -> Bool,
        late -> Bool,
        withdrawn_round -> Nullable<Integer>,
        created_at -> Timestamp,
        joined_round -> Nullable<Integer>,
    }
}

diesel::table! {
    event_notices (id) {
        id -> BigInt,
        event_id -> BigInt,
        notice_json -> Text,
        created_at -> Timestamp,
    }
}

diesel::joinable!(club_organizers -> clubs (club_id));
diesel::joinable!(club_organizers -> users (user_id));
diesel::joinable!(club_nicknames -> clubs (club_id));
diesel::joinable!(events -> clubs (club_id));
diesel::joinable!(entrants -> events (event_id));
diesel::joinable!(event_notices -> events (event_id));
diesel::joinable!(matches -> events (event_id));

diesel::allow_tables_to_appear_in_same_query!(
    clubs,
    club_organizers,
    club_nicknames,
    events,
    entrants,
    event_notices,
);
diesel::allow_tables_to_appear_in_same_query!(users, clubs);
diesel::allow_tables_to_appear_in_same_query!(users, club_organizers);
diesel::allow_tables_to_appear_in_same_query!(users, club_nicknames);
diesel::allow_tables_to_appear_in_same_query!(users, events);
diesel::allow_tables_to_appear_in_same_query!(users, entrants);
diesel::allow_tables_to_appear_in_same_query!(users, event_notices);
diesel::allow_tables_to_appear_in_same_query!(players, clubs);
diesel::allow_tables_to_appear_in_same_query!(players, club_organizers);
diesel::allow_tables_to_appear_in_same_query!(players, club_nicknames);
diesel::allow_tables_to_appear_in_same_query!(players, events);
diesel::allow_tables_to_appear_in_same_query!(players, entrants);
diesel::allow_tables_to_appear_in_same_query!(players, event_notices);
diesel::allow_tables_to_appear_in_same_query!(matches, clubs);
diesel::allow_tables_to_appear_in_same_query!(matches, club_organizers);
diesel::allow_tables_to_appear_in_same_query!(matches, club_nicknames);
diesel::allow_tables_to_appear_in_same_query!(matches, events);
diesel::allow_tables_to_appear_in_same_query!(matches, entrants);
diesel::allow_tables_to_appear_in_same_query!(matches, event_notices);
diesel::allow_tables_to_appear_in_same_query!(players, matches);

// A club's seasons (issue 25).

diesel::table! {
    seasons (id) {
        id -> BigInt,
        club_id -> BigInt,
        name -> Text,
        starts_on -> Text,
        ends_on -> Text,
        scale -> Text,
        points_table -> Text,
        best_nights -> Nullable<Integer>,
        min_nights -> Integer,
        closed -> Bool,
        created_at -> Timestamp,
    }
}

diesel::table! {
    season_events (season_id, event_id) {
        season_id -> BigInt,
        event_id -> BigInt,
    }
}

diesel::joinable!(seasons -> clubs (club_id));
diesel::joinable!(season_events -> seasons (season_id));
diesel::joinable!(season_events -> events (event_id));
diesel::allow_tables_to_appear_in_same_query!(seasons, season_events, events);
diesel::allow_tables_to_appear_in_same_query!(seasons, clubs);
diesel::allow_tables_to_appear_in_same_query!(season_events, clubs);

// Players' ratings (issue 25), derived from the finished matches.

diesel::table! {
    rating_points (match_id, player_id) {
        match_id -> BigInt,
        player_id -> BigInt,
        event_id -> BigInt,
        game -> Text,
        side -> Integer,
        won -> Bool,
        mu -> Double,
        sigma -> Double,
    }
}

diesel::joinable!(rating_points -> matches (match_id));
diesel::joinable!(rating_points -> players (player_id));
diesel::joinable!(rating_points -> events (event_id));
diesel::allow_tables_to_appear_in_same_query!(rating_points, matches);
diesel::allow_tables_to_appear_in_same_query!(rating_points, players);
diesel::allow_tables_to_appear_in_same_query!(rating_points, events);

// A physical table of an event for the whole night (issue 35): its one link and its
// referees.

diesel::table! {
    table_links (id) {
        id -> BigInt,
        event_id -> BigInt,
        table_number -> Integer,
        token -> Text,
        created_by -> BigInt,
        created_at -> Timestamp,
    }
}

diesel::table! {
    table_referees (event_id, table_number, user_id) {
        event_id -> BigInt,
        table_number -> Integer,
        user_id -> BigInt,
    }
}

diesel::joinable!(table_links -> events (event_id));
diesel::joinable!(table_referees -> events (event_id));
diesel::joinable!(table_referees -> users (user_id));
diesel::allow_tables_to_appear_in_same_query!(table_links, events);
diesel::allow_tables_to_appear_in_same_query!(table_referees, events);
diesel::allow_tables_to_appear_in_same_query!(table_referees, users);

// A player's figures for the player page (issue 39), derived from the events' logs.

diesel::table! {
    player_nights (player_id, event_id) {
        player_id -> BigInt,
        event_id -> BigInt,
        entrant_label -> Text,
        position -> Nullable<Integer>,
        wins -> Integer,
        losses -> Integer,
        starts_at -> Timestamp,
        listed -> Bool,
        final_place -> Nullable<Integer>,
    }
}

diesel::table! {
    player_results (player_id, match_id) {
        player_id -> BigInt,
        match_id -> BigInt,
        event_id -> BigInt,
        match_key -> Text,
        opponent -> Text,
        won -> Bool,
        starts_at -> Timestamp,
        listed -> Bool,
    }
}

diesel::table! {
    player_meetings (player_id, opponent_id, match_id) {
        player_id -> BigInt,
        opponent_id -> BigInt,
        match_id -> BigInt,
        event_id -> BigInt,
        won -> Integer,
        listed -> Bool,
    }
}

diesel::joinable!(player_nights -> events (event_id));
diesel::joinable!(player_results -> events (event_id));
diesel::allow_tables_to_appear_in_same_query!(player_nights, events);
diesel::allow_tables_to_appear_in_same_query!(player_nights, season_events);
diesel::allow_tables_to_appear_in_same_query!(player_nights, seasons);
diesel::allow_tables_to_appear_in_same_query!(player_nights, clubs);
diesel::allow_tables_to_appear_in_same_query!(player_results, events);
diesel::allow_tables_to_appear_in_same_query!(player_meetings, players);
diesel::allow_columns_to_appear_in_same_group_by_clause!(
    player_meetings::opponent_id,
    players::name
);
