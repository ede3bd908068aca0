/// The keys of the window as one table (the help overlay's, which the action table feeds): for the man page
/// (`photostack --key-bindings`, read by scripts/make-manpage.py), so it lists exactly what `?` shows.
public enum KeyBindings {
    /// Sections of (keys, what they do), in the help overlay's order.
    public static var sections: [(title: String, rows: [(keys: String, text: String)])] { HelpOverlay.sections }

    /// The table as text: a line "# Section" before each section's rows, each row "KEYS<TAB>WHAT IT DOES".
    public static var text: String {
        sections.map { s in (["# " + s.title] + s.rows.map { "\($0.keys)\t\($0.text)" }).joined(separator: "\n") }
            .joined(separator: "\n") + "\n"
    }
}
