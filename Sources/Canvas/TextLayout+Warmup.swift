import CPango

extension TextLayout {
    /// Starts font set-up early, without waiting for it. Pango reads fontconfig's configuration and font caches
    /// (`FcInit`: about 30–60 ms on a 2-core machine, 165 ms under strace) in a thread of its own, started when
    /// the thread's default font map is first asked for, and the first layout then waits for it. Called first
    /// thing on the thread that will lay out text (the UI thread), the set-up runs while the window is created
    /// and the library is scanned instead of inside the first frame.
    ///
    /// Pango's default font map is per thread, so this must run on the thread that later makes `TextLayout`s.
    public static func startFontSetUp() {
        _ = pango_cairo_font_map_get_default()
    }
}
