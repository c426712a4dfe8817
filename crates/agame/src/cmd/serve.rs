//! `agame serve`: the online server of `agame-server` on a port, its database in a folder.

use super::{CmdResult, Failure};
use std::io::Write;
use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};

/// The options of `agame serve`.
#[derive(clap::Args, Debug)]
pub struct ServeArgs {
    /// The port to listen on (0: any free port; the address is printed).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on; 0.0.0.0 to be reached from other machines.
    #[arg(long, default_value = "127.0.0.1")]
    host: IpAddr,
    /// The folder of the SQLite database (agame.db), made if missing.
    #[arg(long, value_name = "DIR", default_value = "agame-data")]
    data: PathBuf,
    /// A database URL instead (postgres://user:password@host/db, or sqlite:PATH).
    #[arg(long, value_name = "URL")]
    database: Option<String>,
    /// The folder holding web/ (the page); by default this repository's, or the current folder's.
    #[arg(long, value_name = "DIR")]
    web: Option<PathBuf>,
    /// Mark the session cookie Secure (when served behind HTTPS).
    #[arg(long)]
    secure_cookies: bool,
}

/// The folder the page is served from: `--web`, else the repository this program was built
/// from, else the current folder, if it holds `web/online.html`.
fn web_root(given: Option<PathBuf>) -> Option<PathBuf> {
    let has_page = |p: &Path| p.join("web/online.html").is_file();
    match given {
        Some(p) => Some(p),
        None => [
            PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")),
            PathBuf::from("."),
        ]
        .into_iter()
        .find(|p| has_page(p)),
    }
}

/// Runs the server until the process ends.
pub fn run(args: ServeArgs) -> CmdResult {
    let database = match args.database {
        Some(url) => url,
        None => {
            std::fs::create_dir_all(&args.data)
                .map_err(|e| Failure::input(format!("--data {}: {e}", args.data.display())))?;
            format!("sqlite:{}", args.data.join("agame.db").display())
        }
    };
    let web = web_root(args.web);
    let config = agame_server::Config {
        listen: SocketAddr::new(args.host, args.port),
        database: database.clone(),
        web: web.clone(),
        secure_cookies: args.secure_cookies,
        ..agame_server::Config::default()
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| Failure::input(format!("cannot start: {e}")))?;
    runtime.block_on(async {
        let server = agame_server::Server::bind(config).await.map_err(Failure)?;
        let shown = database.split('@').next_back().unwrap_or(&database);
        println!(
            "agame serve: listening on http://{}/ (database {shown})",
            server.local_addr()
        );
        if web.is_none() {
            println!("agame serve: no web/ folder found: serving the API only (give --web DIR)");
        }
        let _ = std::io::stdout().flush();
        server.run().await.map_err(Failure)
    })
}
