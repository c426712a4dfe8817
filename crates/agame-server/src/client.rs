//! A small client of the API (feature `client`): plain HTTP/1.1 requests, one connection each,
//! and the WebSocket, with the session cookie and the CSRF token kept. The tests and the load
//! benchmark speak to the server through it.

use serde_json::{Value as Json, json};
use std::io;
use std::net::SocketAddr;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

/// How long any one request may take.
pub const TIMEOUT: Duration = Duration::from_secs(30);
/// The largest answer read, in bytes.
pub const MAX_ANSWER: usize = 16 * 1024 * 1024;

/// An answer: status, headers (names in lower case) and body.
#[derive(Clone, Debug)]
pub struct Answer {
    /// The HTTP status.
    pub status: u16,
    /// The headers, names in lower case.
    pub headers: Vec<(String, String)>,
    /// The body as text.
    pub body: String,
}

impl Answer {
    /// The body as JSON (`null` if it is not JSON).
    #[must_use]
    pub fn json(&self) -> Json {
        serde_json::from_str(&self.body).unwrap_or(Json::Null)
    }

    /// The first header of this name (lower case).
    #[must_use]
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// The `error` of a refused request's JSON body.
    #[must_use]
    pub fn error(&self) -> String {
        self.json()["error"].as_str().unwrap_or("").to_string()
    }
}

/// A client of one server, signed in or not.
#[derive(Clone, Debug)]
pub struct Client {
    /// The server's address.
    pub addr: SocketAddr,
    /// The session token, once signed in.
    pub session: Option<String>,
    /// The CSRF token, once signed in.
    pub csrf: Option<String>,
    /// Headers added to every request (`Origin`, to test the checks).
    pub extra: Vec<(String, String)>,
}

fn invalid(message: impl Into<String>) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, message.into())
}

/// Reads a chunked body.
fn unchunk(mut raw: &[u8]) -> io::Result<Vec<u8>> {
    let mut body = Vec::new();
    loop {
        let end = raw
            .windows(2)
            .position(|w| w == b"\r\n")
            .ok_or_else(|| invalid("bad chunk"))?;
        let size_text = std::str::from_utf8(&raw[..end]).map_err(|_| invalid("bad chunk"))?;
        let size = usize::from_str_radix(size_text.split(';').next().unwrap_or("").trim(), 16)
            .map_err(|_| invalid("bad chunk size"))?;
        raw = &raw[end + 2..];
        if size == 0 {
            return Ok(body);
        }
        if raw.len() < size + 2 {
            return Err(invalid("short chunk"));
        }
        body.extend_from_slice(&raw[..size]);
        raw = &raw[size + 2..];
    }
}

impl Client {
    /// A client of the server at `addr`, not signed in.
    #[must_use]
    pub fn new(addr: SocketAddr) -> Client {
        Client {
            addr,
            session: None,
            csrf: None,
            extra: Vec::new(),
        }
    }

    /// Sends a request (JSON body when given) and reads the whole answer.
    pub async fn request(
        &self,
        method: &str,
        path: &str,
        body: Option<&Json>,
    ) -> io::Result<Answer> {
        let body = body.map(Json::to_string);
        self.raw(method, path, body.as_deref().map(str::as_bytes))
            .await
    }

    /// Sends a request with these exact body bytes (sent as JSON).
    pub async fn raw(&self, method: &str, path: &str, body: Option<&[u8]>) -> io::Result<Answer> {
        tokio::time::timeout(TIMEOUT, self.exchange(method, path, body))
            .await
            .map_err(|_| {
                io::Error::new(
                    io::ErrorKind::TimedOut,
                    format!("{method} {path}: no answer"),
                )
            })?
    }

    async fn exchange(&self, method: &str, path: &str, body: Option<&[u8]>) -> io::Result<Answer> {
        let mut stream = TcpStream::connect(self.addr).await?;
        let mut head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n",
            self.addr
        );
        if let Some(token) = &self.session {
            head.push_str(&format!("Cookie: agame_session={token}\r\n"));
        }
        if let Some(csrf) = &self.csrf {
            head.push_str(&format!("X-CSRF-Token: {csrf}\r\n"));
        }
        for (k, v) in &self.extra {
            head.push_str(&format!("{k}: {v}\r\n"));
        }
        let body = body.unwrap_or(b"");
        if method != "GET" {
            head.push_str(&format!(
                "Content-Type: application/json\r\nContent-Length: {}\r\n",
                body.len()
            ));
        }
        head.push_str("\r\n");
        stream.write_all(head.as_bytes()).await?;
        stream.write_all(body).await?;
        let mut raw = Vec::new();
        (&mut stream)
            .take(MAX_ANSWER as u64)
            .read_to_end(&mut raw)
            .await?;
        let split = raw
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .ok_or_else(|| invalid("no end of headers"))?;
        let head = std::str::from_utf8(&raw[..split]).map_err(|_| invalid("headers not text"))?;
        let mut lines = head.split("\r\n");
        let status = lines
            .next()
            .and_then(|l| l.split(' ').nth(1))
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| invalid("no status"))?;
        let headers: Vec<(String, String)> = lines
            .filter_map(|l| l.split_once(':'))
            .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
            .collect();
        let rest = &raw[split + 4..];
        let chunked = headers
            .iter()
            .any(|(k, v)| k == "transfer-encoding" && v.contains("chunked"));
        let body = if chunked {
            unchunk(rest)?
        } else {
            rest.to_vec()
        };
        Ok(Answer {
            status,
            headers,
            body: String::from_utf8_lossy(&body).into_owned(),
        })
    }

    /// `GET path`.
    pub async fn get(&self, path: &str) -> io::Result<Answer> {
        self.request("GET", path, None).await
    }

    /// `POST path` with a JSON body.
    pub async fn post(&self, path: &str, body: &Json) -> io::Result<Answer> {
        self.request("POST", path, Some(body)).await
    }

    /// Keeps the session of a sign-up or sign-in answer.
    fn keep_session(&mut self, answer: &Answer) {
        if answer.status != 200 {
            return;
        }
        let cookie = answer.header("set-cookie").unwrap_or("");
        self.session = cookie
            .split(';')
            .next()
            .and_then(|c| c.strip_prefix("agame_session="))
            .map(str::to_string);
        self.csrf = answer.json()["csrf"].as_str().map(str::to_string);
    }

    /// Signs up (and in); the answer says whether it worked.
    pub async fn sign_up(&mut self, name: &str, password: &str) -> io::Result<Answer> {
        let answer = self
            .post("/api/signup", &json!({"name": name, "password": password}))
            .await?;
        self.keep_session(&answer);
        Ok(answer)
    }

    /// Signs in.
    pub async fn sign_in(&mut self, name: &str, password: &str) -> io::Result<Answer> {
        let answer = self
            .post("/api/login", &json!({"name": name, "password": password}))
            .await?;
        self.keep_session(&answer);
        Ok(answer)
    }

    /// Opens the WebSocket with this client's session.
    pub async fn socket(&self) -> io::Result<Socket> {
        let mut request = format!("ws://{}/api/ws", self.addr)
            .into_client_request()
            .map_err(|e| invalid(e.to_string()))?;
        if let Some(token) = &self.session {
            let v = format!("agame_session={token}")
                .parse()
                .map_err(|_| invalid("bad token"))?;
            request.headers_mut().insert("cookie", v);
        }
        for (k, v) in &self.extra {
            let name: tokio_tungstenite::tungstenite::http::HeaderName =
                k.parse().map_err(|_| invalid("bad header"))?;
            request
                .headers_mut()
                .insert(name, v.parse().map_err(|_| invalid("bad header"))?);
        }
        let stream = TcpStream::connect(self.addr).await?;
        stream.set_nodelay(true)?;
        let (ws, _) =
            tokio::time::timeout(TIMEOUT, tokio_tungstenite::client_async(request, stream))
                .await
                .map_err(|_| io::Error::new(io::ErrorKind::TimedOut, "no WebSocket handshake"))?
                .map_err(|e| invalid(e.to_string()))?;
        Ok(Socket { ws })
    }
}

/// An open WebSocket.
#[derive(Debug)]
pub struct Socket {
    ws: WebSocketStream<TcpStream>,
}

impl Socket {
    /// Sends a JSON message.
    pub async fn send(&mut self, message: &Json) -> io::Result<()> {
        self.send_text(&message.to_string()).await
    }

    /// Sends a text message as it is.
    pub async fn send_text(&mut self, text: &str) -> io::Result<()> {
        use futures_util::SinkExt;
        self.ws
            .send(Message::Text(text.into()))
            .await
            .map_err(|e| invalid(e.to_string()))
    }

    /// The next JSON message, `None` once the server closed the connection or after `wait`.
    pub async fn next(&mut self, wait: Duration) -> Option<Json> {
        use futures_util::StreamExt;
        loop {
            let message = tokio::time::timeout(wait, self.ws.next())
                .await
                .ok()??
                .ok()?;
            match message {
                Message::Text(t) => return serde_json::from_str(t.as_str()).ok(),
                Message::Close(_) => return None,
                _ => {}
            }
        }
    }

    /// Skips messages until one satisfies `want`; `None` after `wait` in all, or if closed.
    pub async fn until(&mut self, wait: Duration, want: impl Fn(&Json) -> bool) -> Option<Json> {
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            if left.is_zero() {
                return None;
            }
            let m = self.next(left).await?;
            if want(&m) {
                return Some(m);
            }
        }
    }
}
