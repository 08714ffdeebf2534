//! The one route table. Each row names the method, the path, the handler and who
//! may use it; the authorization tests walk `ROUTES`.

use actix_web::body::{BodySize, EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::Method;
use actix_web::middleware::{Next, from_fn};
use actix_web::web;

use super::context::session_user;
use super::error::AppError;

use super::{
    admin, api, archive, assets, auth, club_directory, clubs, events, games, home, match_state,
    matches, offline, players, public, publish, scoring, seasons, table_links,
};
use crate::accounts::Role;

/// Who may use a route. The table enforces the role part for every row (see
/// [`enforce`]); handlers then check what only they can know (this organizer's
/// club, this referee's match, a link's token).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    Anyone,
    LoggedIn,
    Roles(&'static [Role]),
    /// Anyone holding the one-time link's token.
    Token,
    /// An account with one of the roles, or the holder of a token.
    RolesOrToken(&'static [Role]),
}

#[derive(Debug, Clone, Copy)]
pub struct RouteInfo {
    pub method: &'static str,
    pub path: &'static str,
    pub access: Access,
}

/// The rows, and once among them a block of rows served under two prefixes:
/// `["/score/{key}" => SCORER, "/s/{key}" => Access::Token,] { post "/undo" => …; }`
/// (each row's path follows the prefix; every row of the first, then of the second).
macro_rules! route_table {
    (
        $($method:ident $path:literal => $handler:path, $access:expr;)*
        [$first:literal => $first_access:expr, $second:literal => $second_access:expr,] {
            $($both_method:ident $both_path:literal => $both_handler:path;)*
        }
        $($after_method:ident $after_path:literal => $after_handler:path, $after_access:expr;)*
    ) => {
        /// The rows served under both prefixes, every row under the first, then under
        /// the second: the referee's page and its entries, which the service worker
        /// keeps for when the network is gone (`offline::service_worker`).
        pub const SCORE_ENTRY_ROUTES: &[RouteInfo] = &[
            $(RouteInfo { method: stringify!($both_method), path: concat!($first, $both_path), access: $first_access },)*
            $(RouteInfo { method: stringify!($both_method), path: concat!($second, $both_path), access: $second_access },)*
        ];

        route_table!(@rows
            $(($method, $path, $handler, $access))*
            $(($both_method, concat!($first, $both_path), $both_handler, $first_access))*
            $(($both_method, concat!($second, $both_path), $both_handler, $second_access))*
            $(($after_method, $after_path, $after_handler, $after_access))*
        );
    };
    (@rows $(($method:ident, $path:expr, $handler:path, $access:expr))*) => {
        pub const ROUTES: &[RouteInfo] = &[
            $(RouteInfo { method: stringify!($method), path: $path, access: $access },)*
        ];

        pub fn configure(config: &mut web::ServiceConfig) {
            let mut scopes = Scopes::default();
            $({
                let (scope, rest) = scope_of($path);
                let resource = web::resource(rest)
                    .guard(answers(stringify!($method)))
                    .wrap(from_fn(move |request, next| enforce($access, request, next)))
                    .route(web::route().to($handler));
                match scope {
                    Some(prefix) => scopes.add(prefix, resource),
                    None => {
                        config.service(resource);
                    }
                }
            })*
            scopes.register(config);
        }
    };
}

/// The router tries the rows one after the other, matching each dynamic path with a
/// regular expression. Rows are grouped under their first segment (`/api`, `/manage`,
/// `/m`, …), so a request is compared with a few prefixes and then only the rows of its
/// own group: a score entry used to be tried against some thirty patterns first.
/// Paths of one segment stay at the top level.
fn scope_of(path: &'static str) -> (Option<&'static str>, &'static str) {
    match path[1..].find('/') {
        Some(end) => (Some(&path[..end + 1]), &path[end + 1..]),
        None => (None, path),
    }
}

/// The groups in the order their first row appears in the table.
#[derive(Default)]
struct Scopes(Vec<(&'static str, Option<actix_web::Scope>)>);

impl Scopes {
    fn add<T>(&mut self, prefix: &'static str, resource: T)
    where
        T: actix_web::dev::HttpServiceFactory + 'static,
    {
        let index = match self.0.iter().position(|(known, _)| *known == prefix) {
            Some(index) => index,
            None => {
                self.0.push((prefix, Some(web::scope(prefix))));
                self.0.len() - 1
            }
        };
        let slot = &mut self.0[index].1;
        *slot = slot.take().map(|scope| scope.service(resource));
    }

    fn register(self, config: &mut web::ServiceConfig) {
        for scope in self.0.into_iter().filter_map(|(_, scope)| scope) {
            config.service(scope);
        }
    }
}

/// The methods the table takes at a path, for the 405 answer to any other (TRACE,
/// a POST to a page…). Empty when no row has the path.
pub fn methods_at(path: &str) -> Vec<&'static str> {
    use std::sync::OnceLock;
    static ROWS: OnceLock<Vec<(actix_web::dev::ResourceDef, &'static str)>> = OnceLock::new();
    let rows = ROWS.get_or_init(|| {
        ROUTES
            .iter()
            .map(|route| (actix_web::dev::ResourceDef::new(route.path), route.method))
            .collect()
    });
    let mut methods: Vec<&'static str> = rows
        .iter()
        .filter(|(pattern, _)| pattern.is_match(path))
        .map(|(_, method)| *method)
        .collect();
    methods.sort_unstable();
    methods.dedup();
    methods
}

/// The row's method; a GET row answers HEAD too (actix sends no body for HEAD).
fn method(name: &str) -> Method {
    Method::from_bytes(name.to_ascii_uppercase().as_bytes())
        .expect("route methods are HTTP methods")
}

/// A row's method; a GET row answers HEAD too (uptime monitors and link checkers
/// ask with HEAD), and actix sends the head of the GET answer without its body.
fn answers(name: &str) -> impl actix_web::guard::Guard + use<> {
    let row = method(name);
    actix_web::guard::fn_guard(move |context| {
        let asked = &context.head().method;
        *asked == row || (row == Method::GET && *asked == Method::HEAD)
    })
}

/// Refuses, before the handler and its extractors run, a visitor whose account
/// the row's access excludes: anonymous visitors are sent to the login page (the
/// API answers 401), accounts of other roles get 403. Administrators pass.
async fn enforce<B: MessageBody>(
    access: Access,
    request: ServiceRequest,
    next: Next<B>,
) -> Result<ServiceResponse<EitherBody<B>>, actix_web::Error> {
    let roles = match access {
        Access::Anyone | Access::Token => None,
        Access::LoggedIn => Some(&[][..]),
        Access::Roles(roles) => Some(roles),
        Access::RolesOrToken(_) if super::api::has_bearer(request.request()) => None,
        Access::RolesOrToken(roles) => Some(roles),
    };
    if let Some(roles) = roles {
        let refusal = match session_user(request.request()).await {
            Err(error) => Some(error),
            Ok(None) if request.path().starts_with("/api/") => Some(AppError::Unauthorized),
            Ok(None) => Some(AppError::LoginRequired {
                next: match request.query_string() {
                    "" => request.path().to_string(),
                    query => format!("{}?{query}", request.path()),
                },
            }),
            Ok(Some(user)) => (access != Access::LoggedIn
                && user.role != Role::Admin
                && !roles.contains(&user.role))
            .then_some(AppError::Forbidden),
        };
        if let Some(error) = refusal {
            return Ok(request.error_response(error).map_into_right_body());
        }
    }
    let head = request.method() == Method::HEAD;
    let response = next.call(request).await?;
    if head && matches!(response.response().body().size(), BodySize::Stream) {
        // An event stream never ends: HEAD gets the head alone, not a connection held open.
        return Ok(response
            .map_body(|_, _| actix_web::body::None::new())
            .map_into_boxed_body()
            .map_into_right_body());
    }
    Ok(response.map_into_left_body())
}

const ADMIN: Access = Access::Roles(&[Role::Admin]);
const ORGANIZER: Access = Access::Roles(&[Role::Organizer]);
/// An account that may score the match (its referees, its organizer, administrators).
const SCORER: Access = Access::Roles(&[Role::Referee, Role::Organizer]);
/// A scoring account, or the bearer of the match's private link.
const SCORER_OR_LINK: Access = Access::RolesOrToken(&[Role::Referee, Role::Organizer]);

route_table! {
    get "/" => home::index, Access::Anyone;
    get "/health" => home::health, Access::Anyone;
    get "/events" => archive::index, Access::Anyone;
    get "/lang/{code}" => home::switch_language, Access::Anyone;
    get "/static/{name}" => assets::serve, Access::Anyone;
    get "/favicon.ico" => assets::favicon, Access::Anyone;
    get "/robots.txt" => assets::robots, Access::Anyone;
    get "/sw.js" => offline::service_worker, Access::Anyone;
    get "/login" => auth::login_form, Access::Anyone;
    post "/login" => auth::login, Access::Anyone;
    post "/logout" => auth::logout, Access::LoggedIn;
    get "/account/password" => auth::password_form, Access::LoggedIn;
    post "/account/password" => auth::change_password, Access::LoggedIn;
    get "/t/{token}" => table_links::open, Access::Token;
    get "/setup/{token}" => auth::setup_form, Access::Token;
    post "/setup/{token}" => auth::setup, Access::Token;
    get "/invite/{token}" => auth::invitation_form, Access::Token;
    post "/invite/{token}" => auth::accept_invitation, Access::Token;
    get "/admin/users" => admin::users, ADMIN;
    post "/admin/users" => admin::create_user, ADMIN;
    post "/admin/invitations" => admin::invite, ADMIN;
    get "/manage/matches" => matches::list, ORGANIZER;
    post "/manage/matches" => matches::create, ORGANIZER;
    get "/manage/matches/{id}" => matches::manage, ORGANIZER;
    post "/manage/matches/{id}/link" => matches::issue_link, ORGANIZER;
    post "/manage/matches/{id}/link/revoke" => matches::revoke_link, ORGANIZER;
    post "/manage/matches/{id}/referees" => matches::referees, ORGANIZER;
    post "/manage/matches/{id}/status" => match_state::set_status, ORGANIZER;
    post "/manage/matches/{id}/import" => matches::import, ORGANIZER;
    // Score entry: the scorer's account, or the bearer of the match's private link.
    ["/score/{key}" => SCORER, "/s/{key}" => Access::Token,] {
        get "" => scoring::page;
        post "/hand" => games::trionfetti::record_hand;
        post "/smazzata" => games::trionfetti::record_smazzata;
        post "/tricks" => games::trionfetti::record_tricks;
        post "/undo" => scoring::undo;
        post "/correct" => scoring::correct;
        post "/outcome" => games::referee::record_outcome;
        post "/json" => games::referee::record_json;
        post "/first_dealer" => games::first_dealer::record;
    }
    get "/rules/comanda" => public::comanda_preview, Access::Anyone;
    // the JSON API and personal tokens
    // Score entry first in its group: each dynamic row tried before it costs a regex match.
    post "/api/v1/matches/{id}/entries" => api::append_entry, SCORER_OR_LINK;
    get "/api/v1/openapi.json" => api::openapi, Access::Anyone;
    get "/api/v1/matches/{id}" => api::match_state, Access::Anyone;
    get "/api/v1/matches/{id}/entries" => api::entries, Access::Anyone;
    post "/api/v1/matches/{id}/entries/{seq}/void" => api::void_entry, SCORER_OR_LINK;
    get "/account/tokens" => api::tokens, Access::LoggedIn;
    post "/account/tokens" => api::create_token, Access::LoggedIn;
    post "/account/tokens/{id}/revoke" => api::revoke_token, Access::LoggedIn;
    get "/m/{id}" => public::live, Access::Anyone;
    get "/m/{id}/sheet" => public::sheet, Access::Anyone;
    get "/m/{id}/events" => public::events, Access::Anyone;
    get "/m/{id}/replay" => public::replay_page, Access::Anyone;
    get "/m/{id}/record.json" => public::record, Access::Anyone;
    // events and clubs (issue 5)
    get "/manage/clubs" => clubs::list, ORGANIZER;
    post "/manage/clubs" => clubs::create, ADMIN;
    get "/manage/clubs/{slug}" => clubs::manage, ORGANIZER;
    post "/manage/clubs/{slug}/organizers" => clubs::organizers, ADMIN;
    post "/manage/clubs/{slug}/nicknames" => clubs::save_nickname, ORGANIZER;
    post "/manage/clubs/{slug}/nicknames/remove" => clubs::remove_nickname, ORGANIZER;
    post "/manage/clubs/{slug}/time-zone" => clubs::time_zone, ORGANIZER;
    get "/manage/clubs/{slug}/events/new" => events::form::new_form, ORGANIZER;
    post "/manage/clubs/{slug}/events" => events::form::create, ORGANIZER;
    get "/manage/events/{id}" => events::manage::manage, ORGANIZER;
    get "/manage/events/{id}/edit" => events::edit::edit_form, ORGANIZER;
    post "/manage/events/{id}/edit" => events::edit::edit, ORGANIZER;
    post "/manage/events/{id}/entrants" => events::entrants::add_entrant, ORGANIZER;
    post "/manage/events/{id}/import" => events::entrants::import, ORGANIZER;
    post "/manage/events/{id}/checkin" => events::entrants::check_in, ORGANIZER;
    post "/manage/events/{id}/withdraw" => events::withdrawals::withdraw, ORGANIZER;
    post "/manage/events/{id}/draw" => events::draw::draw, ORGANIZER;
    post "/manage/events/{id}/assign" => events::tables::assign, ORGANIZER;
    post "/manage/events/{id}/table-referees" => events::table_referees::set_tables, ORGANIZER;
    post "/manage/events/{id}/forfeit" => events::forfeits::forfeit, ORGANIZER;
    post "/manage/events/{id}/substitute" => events::substitutes::substitute, ORGANIZER;
    post "/manage/events/{id}/replay" => events::flagged::replay_flagged, ORGANIZER;
    post "/manage/events/{id}/keep" => events::flagged::keep_flagged, ORGANIZER;
    get "/manage/events/{id}/cards" => events::cards::cards, ORGANIZER;
    get "/clubs" => club_directory::index, Access::Anyone;
    get "/clubs/{slug}" => clubs::public_list, Access::Anyone;
    get "/clubs/{slug}/comanda" => clubs::comanda_preview, Access::Anyone;
    get "/clubs/{slug}/calendar.ics" => publish::calendar::club_calendar, Access::Anyone;
    get "/e/{id}" => publish::pages::event_page, Access::Anyone;
    get "/e/{id}/rounds" => publish::full::rounds_page, Access::Anyone;
    get "/e/{id}/standings" => publish::full::standings_page, Access::Anyone;
    get "/e/{id}/entrants" => publish::full::entrants_page, Access::Anyone;
    get "/e/{id}/p/{number}" => publish::night::night_page, Access::Anyone;
    get "/e/{id}/p/{number}/live" => publish::night::night_fragment, Access::Anyone;
    get "/e/{id}/bracket" => publish::bracket::bracket_page, Access::Anyone;
    get "/e/{id}/live" => publish::streams::live_fragment, Access::Anyone;
    get "/e/{id}/events" => publish::streams::event_stream, Access::Anyone;
    get "/e/{id}/embed" => publish::pages::embed, Access::Anyone;
    get "/e/{id}/projector" => publish::projector::projector, Access::Anyone;
    get "/e/{id}/export/{file}" => publish::exports::export, Access::Anyone;
    get "/players/{id}" => publish::player::player_page, Access::Anyone;
    get "/m/{id}/comanda" => publish::pages::match_comanda_preview, Access::Anyone;
    // players and their accounts
    get "/manage/players" => players::list, ORGANIZER;
    get "/manage/players/{id}" => players::manage, ORGANIZER;
    post "/manage/players/{id}/link" => players::link, ORGANIZER;
    post "/manage/players/{id}/unlink" => players::unlink, ORGANIZER;
    get "/account/player" => players::mine, Access::LoggedIn;
    // a club's seasons (issue 25)
    get "/manage/clubs/{slug}/seasons" => seasons::manage::list, ORGANIZER;
    get "/manage/clubs/{slug}/seasons/new" => seasons::manage::new_form, ORGANIZER;
    post "/manage/clubs/{slug}/seasons" => seasons::manage::create, ORGANIZER;
    get "/manage/seasons/{id}" => seasons::manage::edit_form, ORGANIZER;
    post "/manage/seasons/{id}" => seasons::manage::save, ORGANIZER;
    get "/clubs/{slug}/seasons" => seasons::public::list, Access::Anyone;
    get "/clubs/{slug}/seasons/{id}" => seasons::public::page, Access::Anyone;
    get "/clubs/{slug}/seasons/{id}/export/{file}" => seasons::public::export, Access::Anyone;
}
