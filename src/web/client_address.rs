//! The client's address, as the login throttle counts it: the TCP peer's, unless
//! the peer is a reverse proxy the operator trusts (`--trusted-proxy`). Only then
//! are `Forwarded` (RFC 7239) or `X-Forwarded-For` read, from the right: each
//! proxy appends the address it was reached from, so the right-most entry that is
//! not a trusted proxy is the client; what stands left of it is whatever the
//! client wrote.

use std::net::{IpAddr, SocketAddr};

use actix_web::HttpRequest;
use actix_web::http::header::{self, HeaderName};

const X_FORWARDED_FOR: HeaderName = HeaderName::from_static("x-forwarded-for");

/// The address to count this request's login attempt (or live stream) against;
/// IPv6 clients by their /64, which one household or server holds whole.
pub fn throttle_key(request: &HttpRequest, trusted: &[IpAddr]) -> String {
    match client_address(request, trusted) {
        Some(IpAddr::V6(address)) => {
            let [a, b, c, d, ..] = address.segments();
            format!("{a:x}:{b:x}:{c:x}:{d:x}::/64")
        }
        Some(address) => address.to_string(),
        None => String::new(),
    }
}

/// The client's address: the peer's, or what a trusted proxy says it is.
pub fn client_address(request: &HttpRequest, trusted: &[IpAddr]) -> Option<IpAddr> {
    let peer = request.peer_addr()?.ip().to_canonical();
    if !trusted.contains(&peer) {
        return Some(peer);
    }
    let headers = request.headers();
    let joined = |name: &HeaderName| -> Option<String> {
        let values: Vec<&str> = headers
            .get_all(name)
            .map(|value| value.to_str().ok())
            .collect::<Option<_>>()?;
        (!values.is_empty()).then(|| values.join(","))
    };
    let chain = match joined(&header::FORWARDED) {
        Some(forwarded) => forwarded_for(&forwarded),
        None => joined(&X_FORWARDED_FOR)
            .map(|list| list.split(',').map(parse_node).collect())
            .unwrap_or_default(),
    };
    Some(rightmost_untrusted(&chain, trusted).unwrap_or(peer))
}

/// The right-most entry that is not a trusted proxy. An entry that cannot be read
/// (`unknown`, an obfuscated name, garbage) ends the search: nothing left of it
/// can be told from what the client wrote.
fn rightmost_untrusted(chain: &[Option<IpAddr>], trusted: &[IpAddr]) -> Option<IpAddr> {
    for entry in chain.iter().rev() {
        match entry {
            Some(address) if trusted.contains(address) => continue,
            Some(address) => return Some(*address),
            None => return None,
        }
    }
    None
}

/// The `for=` node of each element of a `Forwarded` header, in order.
fn forwarded_for(value: &str) -> Vec<Option<IpAddr>> {
    value
        .split(',')
        .map(|element| {
            element.split(';').find_map(|pair| {
                let (name, node) = pair.split_once('=')?;
                name.trim()
                    .eq_ignore_ascii_case("for")
                    .then(|| parse_node(node.trim().trim_matches('"')))
            })?
        })
        .collect()
}

/// An address as proxies write it: `192.0.2.1`, `192.0.2.1:4711`, `2001:db8::1`,
/// `[2001:db8::1]` or `[2001:db8::1]:4711`.
fn parse_node(node: &str) -> Option<IpAddr> {
    let node = node.trim();
    let address = node
        .parse::<IpAddr>()
        .ok()
        .or_else(|| node.parse::<SocketAddr>().ok().map(|socket| socket.ip()))
        .or_else(|| {
            node.strip_prefix('[')
                .and_then(|rest| rest.strip_suffix(']'))
                .and_then(|inner| inner.parse().ok())
        })?;
    Some(address.to_canonical())
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    fn request(headers: &[(&str, &str)]) -> HttpRequest {
        let mut request = TestRequest::default().peer_addr("10.0.0.1:5000".parse().unwrap());
        for (name, value) in headers {
            request = request.append_header((*name, *value));
        }
        request.to_http_request()
    }

    #[test]
    fn proxies_write_addresses_in_several_shapes() {
        assert_eq!(parse_node("192.0.2.1"), Some(ip("192.0.2.1")));
        assert_eq!(parse_node(" 192.0.2.1:4711 "), Some(ip("192.0.2.1")));
        assert_eq!(parse_node("2001:db8::1"), Some(ip("2001:db8::1")));
        assert_eq!(parse_node("[2001:db8::1]"), Some(ip("2001:db8::1")));
        assert_eq!(parse_node("[2001:db8::1]:4711"), Some(ip("2001:db8::1")));
        assert_eq!(parse_node("::ffff:192.0.2.1"), Some(ip("192.0.2.1")));
        assert_eq!(parse_node("unknown"), None);
        assert_eq!(parse_node("_hidden"), None);
    }

    #[test]
    fn forwarded_elements_give_their_for_nodes() {
        assert_eq!(
            forwarded_for(
                "for=192.0.2.60;proto=http;by=203.0.113.43, For=\"[2001:db8:cafe::17]:4711\""
            ),
            vec![Some(ip("192.0.2.60")), Some(ip("2001:db8:cafe::17"))]
        );
        assert_eq!(forwarded_for("proto=https"), vec![None]);
    }

    #[test]
    fn headers_count_only_from_a_trusted_peer() {
        let forged = request(&[("X-Forwarded-For", "198.51.100.1")]);
        assert_eq!(client_address(&forged, &[]), Some(ip("10.0.0.1")));
        assert_eq!(
            client_address(&forged, &[ip("10.0.0.2")]),
            Some(ip("10.0.0.1"))
        );
        assert_eq!(
            client_address(&forged, &[ip("10.0.0.1")]),
            Some(ip("198.51.100.1"))
        );
    }

    #[test]
    fn the_rightmost_untrusted_entry_is_the_client() {
        let trusted = [ip("10.0.0.1"), ip("10.0.0.9")];
        let chain = request(&[("X-Forwarded-For", "1.1.1.1, 198.51.100.1, 10.0.0.9")]);
        assert_eq!(client_address(&chain, &trusted), Some(ip("198.51.100.1")));
        // Several header lines are one list.
        let lines = request(&[
            ("X-Forwarded-For", "1.1.1.1"),
            ("X-Forwarded-For", "198.51.100.2"),
        ]);
        assert_eq!(client_address(&lines, &trusted), Some(ip("198.51.100.2")));
        // Forwarded wins over X-Forwarded-For.
        let both = request(&[
            ("X-Forwarded-For", "1.1.1.1"),
            ("Forwarded", "for=1.1.1.1, for=198.51.100.3"),
        ]);
        assert_eq!(client_address(&both, &trusted), Some(ip("198.51.100.3")));
        // Unreadable or absent: the proxy itself.
        let garbage = request(&[("X-Forwarded-For", "1.1.1.1, nonsense")]);
        assert_eq!(client_address(&garbage, &trusted), Some(ip("10.0.0.1")));
        assert_eq!(
            client_address(&request(&[]), &trusted),
            Some(ip("10.0.0.1"))
        );
        let only_proxies = request(&[("X-Forwarded-For", "10.0.0.9")]);
        assert_eq!(
            client_address(&only_proxies, &trusted),
            Some(ip("10.0.0.1"))
        );
    }

    #[test]
    fn ipv6_clients_are_counted_by_their_64() {
        let trusted = [ip("10.0.0.1")];
        let one = request(&[("X-Forwarded-For", "2001:db8:1:2:3:4:5:6")]);
        let other = request(&[("X-Forwarded-For", "2001:db8:1:2:ffff::1")]);
        assert_eq!(throttle_key(&one, &trusted), "2001:db8:1:2::/64");
        assert_eq!(throttle_key(&one, &trusted), throttle_key(&other, &trusted));
        let v4 = request(&[("X-Forwarded-For", "198.51.100.1")]);
        assert_eq!(throttle_key(&v4, &trusted), "198.51.100.1");
    }
}
