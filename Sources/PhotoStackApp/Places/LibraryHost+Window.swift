import Foundation

/// The window's size and place are remembered in the settings whichever screen is shown: through the browser
/// (its settings worker) when there is one, else written here, once the loop has ended.
extension LibraryHost: RemembersWindow {
    public var rememberedWindow: WindowGeometry? { currentSettings.window.flatMap { $0.isUsable ? $0 : nil } }

    public func rememberWindow(_ geometry: WindowGeometry) {
        if let browser { return browser.rememberWindow(geometry) }
        var next = settings
        next.window = geometry
        guard next != settings, let store else { return }
        // The event loop is over (the process is about to end): nothing waits for this thread any more.
        do { try store.write(SettingsStore.encode(next)) } catch {
            FileHandle.standardError.write(Data("photostack: cannot save the settings: \(error)\n".utf8))
        }
    }
}
