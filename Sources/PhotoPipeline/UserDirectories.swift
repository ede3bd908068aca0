/// The xdg-user-dirs file, `$XDG_CONFIG_HOME/user-dirs.dirs` (default `~/.config`): shell-style lines such as
/// `XDG_PICTURES_DIR="$HOME/Pictures"`. Pure functions: the environment and the file's text are passed in.
///
/// Rules: `#` comments and blank lines are ignored; an optional `export ` prefix is accepted; the last
/// assignment of a key wins; values may be double-quoted (with `\` escapes), single-quoted or bare; only
/// `$HOME` (or `${HOME}`) is expanded; a value that is relative after expansion, or that is the home folder
/// itself (how xdg-user-dirs marks a disabled folder), or that cannot be parsed means "not set".
public enum UserDirectories {
    /// The path of the user-dirs file: `$XDG_CONFIG_HOME/user-dirs.dirs` when that variable is an absolute
    /// path, else `home/.config/user-dirs.dirs`.
    public static func file(environment: [String: String], home: String) -> String {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/user-dirs.dirs" }
        return home + "/.config/user-dirs.dirs"
    }

    /// The value of `key` (such as "XDG_PICTURES_DIR") in the file's text, `$HOME` expanded to `home`;
    /// nil when absent, relative, the home folder itself, or unparsable.
    public static func value(of key: String, in contents: String, home: String) -> String? {
        var result: String??
        for rawLine in contents.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            var line = rawLine.drop(while: { $0 == " " || $0 == "\t" })
            if line.hasPrefix("export ") { line = line.dropFirst(7).drop(while: { $0 == " " || $0 == "\t" }) }
            guard !line.hasPrefix("#"), let eq = line.firstIndex(of: "="), line[..<eq] == Substring(key) else { continue }
            result = .some(parseValue(line[line.index(after: eq)...], home: home))
        }
        guard let parsed = result, let value = parsed else { return nil }
        var trimmed = value
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        var homeTrimmed = home
        while homeTrimmed.count > 1 && homeTrimmed.hasSuffix("/") { homeTrimmed.removeLast() }
        guard trimmed.hasPrefix("/"), trimmed != homeTrimmed else { return nil }
        return trimmed
    }

    /// A shell word: quotes removed, escapes resolved, `$HOME` expanded; nil on an unterminated quote.
    static func parseValue(_ text: Substring, home: String) -> String? {
        let chars = Array(text)
        var out = ""
        var i = 0
        /// `$HOME` or `${HOME}` at `i` (which holds "$"): its length, or nil.
        func homeReference(at i: Int) -> Int? {
            let rest = chars[(i + 1)...]
            if rest.starts(with: "{HOME}") { return 7 }
            if rest.starts(with: "HOME") {
                let after = i + 5
                if after >= chars.count || !(chars[after].isLetter || chars[after].isNumber || chars[after] == "_") { return 5 }
            }
            return nil
        }
        while i < chars.count {
            let c = chars[i]
            switch c {
            case " ", "\t":
                return out   // the word ends (a trailing comment or anything else is ignored)
            case "\"":
                i += 1
                var closed = false
                while i < chars.count {
                    let d = chars[i]
                    if d == "\"" { closed = true; break }
                    if d == "\\", i + 1 < chars.count, "\"\\$`".contains(chars[i + 1]) { out.append(chars[i + 1]); i += 2; continue }
                    if d == "$", let n = homeReference(at: i) { out += home; i += n; continue }
                    out.append(d); i += 1
                }
                guard closed else { return nil }
                i += 1
            case "'":
                guard let end = chars[(i + 1)...].firstIndex(of: "'") else { return nil }
                out += String(chars[(i + 1)..<end])
                i = end + 1
            case "\\":
                if i + 1 < chars.count { out.append(chars[i + 1]) }
                i += 2
            case "$":
                if let n = homeReference(at: i) { out += home; i += n } else { out.append(c); i += 1 }
            default:
                out.append(c); i += 1
            }
        }
        return out
    }
}
