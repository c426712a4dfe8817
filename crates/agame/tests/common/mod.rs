//! Running `agame` as a user would: the helpers every test file of the program shares.
//!
//! Each test file is its own crate and uses only some of these.
#![allow(dead_code)]

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The workspace's root, where the commands run (as the README's do), so that paths such as
/// `docs/img/...` are the ones users type.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `agame ARGS`, run to its end.
pub fn agame(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_agame"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("run agame")
}

/// The standard output of `agame ARGS`, which must succeed.
pub fn stdout(args: &[&str]) -> String {
    let out = agame(args);
    assert!(
        out.status.success(),
        "agame {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The standard error of `agame ARGS`, which must fail.
pub fn failure(args: &[&str]) -> String {
    let out = agame(args);
    assert!(!out.status.success(), "agame {args:?} succeeded");
    String::from_utf8(out.stderr).unwrap()
}

/// The standard output of `agame ARGS` with `input` on its standard input; it must succeed.
pub fn typed_into(args: &[&str], input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_agame"))
        .args(args)
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run agame");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "agame {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// A path in a folder of this test run's own (test files run in parallel, each its own
/// process); nothing is written to it.
pub fn temp_path(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("agame-tests-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// A file of this test run's own holding `contents`.
pub fn temp_file(name: &str, contents: impl AsRef<[u8]>) -> PathBuf {
    let path = temp_path(name);
    std::fs::write(&path, contents).unwrap();
    path
}

/// The last line of `text`, read as JSON.
pub fn last_json(text: &str) -> serde_json::Value {
    serde_json::from_str(text.lines().last().expect("some output")).unwrap()
}
