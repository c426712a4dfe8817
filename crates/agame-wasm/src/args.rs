//! The arguments JavaScript passes, checked for type and range before anything is copied into
//! the module: parameters are taken as `JsValue` rather than through wasm-bindgen's `&str` and
//! `u32` conversions, which trap on a non-string, copy any object with a `length`, wrap `-1` to
//! 4,294,967,295 and round `2.5` down. Everything that could run the caller's code (getters,
//! proxies, a typed array's own `set`) goes through calls that catch its exceptions, so that
//! none unwinds through the module with a state borrowed.

use js_sys::{JsString, Reflect};
use wasm_bindgen::prelude::*;

/// The longest move text, bot spec or game name read (in UTF-16 units); longer ones are
/// refused before being copied.
pub const MAX_SHORT_TEXT: u32 = 1024;

/// The longest position text read (in UTF-16 units).
pub const MAX_POSITION_TEXT: u32 = 1 << 16;

/// The deepest perft, as `agame perft` caps it.
pub const MAX_PERFT_DEPTH: u64 = 1000;

/// The largest whole number a JavaScript number holds exactly (`Number.MAX_SAFE_INTEGER`).
pub const MAX_SAFE: u64 = (1 << 53) - 1;

#[wasm_bindgen]
extern "C" {
    /// A caller's `Float32Array`, whose `length` and `set` may be its own.
    #[wasm_bindgen(js_name = Float32Array)]
    #[derive(Clone, Debug)]
    pub type F32Out;
    #[wasm_bindgen(method, catch, js_name = set)]
    fn set(this: &F32Out, src: &[f32]) -> Result<(), JsValue>;
    #[wasm_bindgen(method, getter, catch, js_name = length)]
    fn length(this: &F32Out) -> Result<JsValue, JsValue>;

    /// A caller's `Uint32Array`, whose `length` and `set` may be its own.
    #[wasm_bindgen(js_name = Uint32Array)]
    #[derive(Clone, Debug)]
    pub type U32Out;
    #[wasm_bindgen(method, catch, js_name = set)]
    fn set(this: &U32Out, src: &[u32]) -> Result<(), JsValue>;
    #[wasm_bindgen(method, getter, catch, js_name = length)]
    fn length(this: &U32Out) -> Result<JsValue, JsValue>;

    /// A caller's `Uint8Array`, whose `length` and `set` may be its own.
    #[wasm_bindgen(js_name = Uint8Array)]
    #[derive(Clone, Debug)]
    pub type U8Out;
    #[wasm_bindgen(method, catch, js_name = set)]
    fn set(this: &U8Out, src: &[u8]) -> Result<(), JsValue>;
    #[wasm_bindgen(method, getter, catch, js_name = length)]
    fn length(this: &U8Out) -> Result<JsValue, JsValue>;
    // `Array.isArray` throws on a revoked proxy.
    #[wasm_bindgen(catch, js_namespace = Array, js_name = isArray)]
    fn is_array_or_throw(v: &JsValue) -> Result<bool, JsValue>;
}

fn is_array(v: &JsValue) -> bool {
    is_array_or_throw(v).unwrap_or(false)
}

/// An error with the message `text`.
pub fn error(text: impl AsRef<str>) -> JsError {
    JsError::new(text.as_ref())
}

/// What `v` is, for messages: `a number (2.5)`, `a string`, `an object`, `undefined`...
pub fn kind(v: &JsValue) -> String {
    if v.is_undefined() {
        "undefined".into()
    } else if v.is_null() {
        "null".into()
    } else if let Some(x) = v.as_f64() {
        format!("the number {x}")
    } else if let Some(b) = v.as_bool() {
        format!("{b}")
    } else if v.is_string() {
        "a string".into()
    } else if is_array(v) {
        "an array".into()
    } else if v.is_function() {
        "a function".into()
    } else if v.is_bigint() {
        "a BigInt".into()
    } else if v.is_symbol() {
        "a symbol".into()
    } else {
        "an object".into()
    }
}

/// The string `v`, at most `max` UTF-16 units long; `what` names it in the error.
pub fn text(v: &JsValue, what: &str, max: u32) -> Result<String, JsError> {
    let Some(s) = v.dyn_ref::<JsString>() else {
        return Err(error(format!("{what} must be a string, not {}", kind(v))));
    };
    let n = s.length();
    if n > max {
        return Err(error(format!(
            "{what} of {n} characters is longer than the {max} this call reads"
        )));
    }
    Ok(String::from(s))
}

/// The whole number `v`, from 0 to `max`; `what` names it in the error.
pub fn whole(v: &JsValue, what: impl core::fmt::Display, max: u64) -> Result<u64, JsError> {
    match v.as_f64() {
        // `max` is at most 2^53, so the comparison is exact and the cast keeps the value.
        Some(x) if x.fract() == 0.0 && (0.0..=max as f64).contains(&x) => Ok(x as u64),
        _ => Err(error(format!(
            "{what} must be a whole number from 0 to {max}, not {}",
            kind(v)
        ))),
    }
}

/// [`whole`], or `None` for `undefined` and `null`.
pub fn optional_whole(v: &JsValue, what: &str, max: u64) -> Result<Option<u64>, JsError> {
    if v.is_undefined() || v.is_null() {
        Ok(None)
    } else {
        whole(v, what, max).map(Some)
    }
}

/// The boolean `v`, or `None` for `undefined` and `null`.
pub fn optional_bool(v: &JsValue, what: &str) -> Result<Option<bool>, JsError> {
    if v.is_undefined() || v.is_null() {
        Ok(None)
    } else {
        v.as_bool()
            .map(Some)
            .ok_or_else(|| error(format!("{what} must be true or false, not {}", kind(v))))
    }
}

/// `Reflect.get(object, key)`, with what the caller's getter throws as the error.
fn get(object: &JsValue, key: &JsValue, what: &str) -> Result<JsValue, JsError> {
    Reflect::get(object, key).map_err(|e| thrown(what, &e))
}

fn thrown(what: &str, e: &JsValue) -> JsError {
    let message = Reflect::get(e, &JsValue::from_str("message"))
        .ok()
        .and_then(|m| m.as_string())
        .unwrap_or_else(|| kind(e));
    error(format!("{what}: reading it threw {message}"))
}

/// The `[key, value]` pairs of a plain object's own string keys; none for `undefined` or
/// `null`. `what` names the object in the errors.
pub fn entries(object: &JsValue, what: &str) -> Result<Vec<(String, JsValue)>, JsError> {
    if object.is_undefined() || object.is_null() {
        return Ok(Vec::new());
    }
    if !object.is_object() || object.is_function() || is_array(object) {
        return Err(error(format!(
            "{what} must be an object, not {}",
            kind(object)
        )));
    }
    let keys = Reflect::own_keys(object).map_err(|e| thrown(what, &e))?;
    let mut pairs = Vec::new();
    for key in keys.iter() {
        // Symbol keys name no option.
        if let Some(name) = key.as_string() {
            let v = get(object, &key, what)?;
            pairs.push((name, v));
        }
    }
    Ok(pairs)
}

/// The strings of an array; `what` names it in the errors.
pub fn strings(list: &JsValue, what: &str) -> Result<Vec<String>, JsError> {
    if !is_array(list) {
        return Err(error(format!(
            "{what} must be an array of strings, not {}",
            kind(list)
        )));
    }
    let n = get(list, &JsValue::from_str("length"), what)?;
    let n = whole(&n, format_args!("{what}.length"), u64::from(u32::MAX))?;
    (0..n)
        .map(|i| {
            let item = get(list, &JsValue::from_f64(i as f64), what)?;
            text(&item, &format!("{what}[{i}]"), MAX_SHORT_TEXT)
        })
        .collect()
}

/// A caller's typed array to write into: absent (`undefined` or `null`), or one of the type
/// with exactly the entries needed.
pub trait Out: JsCast + Clone {
    /// The type's name, for messages.
    const NAME: &'static str;
    /// Its entries.
    type Item;
    /// The array's `length`, which may be a getter of its own.
    fn checked_length(&self) -> Result<JsValue, JsValue>;
    /// Its `set(src)`, which may be its own.
    fn checked_set(&self, src: &[Self::Item]) -> Result<(), JsValue>;

    /// `v` as the caller's array of `len` entries, or `None` when absent.
    fn checked(v: &JsValue, what: &str, len: usize) -> Result<Option<Self>, JsError> {
        if v.is_undefined() || v.is_null() {
            return Ok(None);
        }
        let wrong = |found: String| {
            error(format!(
                "{what} must be a {} of {len} entries, not {found}",
                Self::NAME
            ))
        };
        let (out, n) =
            Self::with_length(v, what).map_err(|e| e.unwrap_or_else(|| wrong(kind(v))))?;
        if n != len {
            return Err(wrong(format!("one of {n} entries")));
        }
        Ok(Some(out))
    }

    /// `v` as an array of this type and its length; `Err(None)` when it is not one.
    fn with_length(v: &JsValue, what: &str) -> Result<(Self, usize), Option<JsError>> {
        let out = v.dyn_ref::<Self>().ok_or(None)?;
        let n = out.checked_length().map_err(|e| Some(thrown(what, &e)))?;
        // A length that is no whole number (a getter of the caller's own) fits nothing.
        let n = n
            .as_f64()
            .filter(|n| n.fract() == 0.0 && *n >= 0.0)
            .ok_or_else(|| Some(error(format!("{what}: its length is {}", kind(&n)))))?;
        Ok((out.clone(), n as usize))
    }

    /// Copies `src` (of the length checked) into the array.
    fn write(&self, src: &[Self::Item], what: &str) -> Result<(), JsError> {
        self.checked_set(src).map_err(|e| thrown(what, &e))
    }
}

impl Out for F32Out {
    const NAME: &'static str = "Float32Array";
    type Item = f32;
    fn checked_length(&self) -> Result<JsValue, JsValue> {
        self.length()
    }
    fn checked_set(&self, src: &[f32]) -> Result<(), JsValue> {
        self.set(src)
    }
}

impl Out for U32Out {
    const NAME: &'static str = "Uint32Array";
    type Item = u32;
    fn checked_length(&self) -> Result<JsValue, JsValue> {
        self.length()
    }
    fn checked_set(&self, src: &[u32]) -> Result<(), JsValue> {
        self.set(src)
    }
}

impl Out for U8Out {
    const NAME: &'static str = "Uint8Array";
    type Item = u8;
    fn checked_length(&self) -> Result<JsValue, JsValue> {
        self.length()
    }
    fn checked_set(&self, src: &[u8]) -> Result<(), JsValue> {
        self.set(src)
    }
}
