//! Running `agame` as a user would: the helpers every test file of the program shares.
//!
//! Each test file is its own crate and uses only some of these.
#![allow(dead_code)]

use std::io::{Read as _, Write as _};
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

/// `agame ARGS` with the bytes `input` on its standard input, run to its end; it fails the
/// test if the program is still running after `seconds` (then it is killed).
pub fn fed(args: &[&str], input: &[u8], seconds: u64) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_agame"))
        .args(args)
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run agame");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    // Written on a thread of its own, so that a large input cannot block on a full pipe while
    // the output is not yet read; the program may stop reading early (a broken pipe is fine).
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let reader = |mut pipe: Box<dyn std::io::Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = pipe.read_to_end(&mut bytes);
            bytes
        })
    };
    let out = reader(Box::new(child.stdout.take().unwrap()));
    let err = reader(Box::new(child.stderr.take().unwrap()));
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(seconds);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("agame {args:?} still ran after {seconds} s");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    let _ = writer.join();
    Output {
        status,
        stdout: out.join().unwrap(),
        stderr: err.join().unwrap(),
    }
}
