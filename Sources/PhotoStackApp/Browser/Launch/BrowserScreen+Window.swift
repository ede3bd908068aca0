extension BrowserScreen: RemembersWindow {
    public var rememberedWindow: WindowGeometry? { actions.settings.window.flatMap { $0.isUsable ? $0 : nil } }

    public func rememberWindow(_ geometry: WindowGeometry) {
        actions.updateSettings { $0.window = geometry }
        actions.worker.waitUntilWritten()
    }
}
