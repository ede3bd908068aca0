import PhotoPipeline

extension ActionController {
    /// Changes the settings (UI thread) and, when they changed and there is a store, has the worker write them:
    /// the one way the app saves its settings (sort order, zoom levels). The bytes are encoded here, the file is
    /// written atomically on the worker's serial file queue, so the newest settings are written last.
    func updateSettings(_ change: (inout AppSettings) -> Void) {
        var next = settings
        change(&next)
        guard next != settings else { return }
        settings = next
        if let store = settingsStore { worker.writeSettings(SettingsStore.encode(next), to: store) }
    }
}
