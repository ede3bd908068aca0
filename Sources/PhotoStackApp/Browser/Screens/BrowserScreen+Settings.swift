import PhotoPipeline

/// The browser's remembered zoom levels: the albums screen's and the album grid's (one level for every album), as
/// saved at the last run. Changes are saved through the one settings path the actions use
/// (`ActionController.updateSettings`: encoded on the UI thread, written atomically by the action worker).
extension BrowserScreen {
    /// Applies the saved zoom levels and grid style at once (no animation, no save): the albums screen and any album screen open.
    /// Called by `configure(settings:store:options:)` at launch, before the window opens.
    func applySavedZoom(_ settings: AppSettings) {
        albums.setZoomLevel(settings.albumsZoomLevel)
        for case let screen as AlbumScreen in stack {
            screen.setZoomLevel(settings.albumGridZoomLevel)
            screen.setGridStyle(settings.gridStyleInForce, showsFileNames: settings.showsFileNames, animated: false, at: 0)
        }
    }

    /// Saves the albums screen's zoom changes (called once, from `init`).
    func connectZoomToSettings() {
        albums.zoom.onChange = { [unowned self] level in actions.updateSettings { $0.albumsZoomLevel = level } }
    }

    /// Gives a new album screen the grid's zoom level and saves its changes (the level is shared by every album).
    func configureZoom(of screen: AlbumScreen) {
        screen.setZoomLevel(actions.settings.albumGridZoomLevel)
        screen.setGridStyle(actions.settings.gridStyleInForce, showsFileNames: actions.settings.showsFileNames, animated: false, at: 0)
        screen.zoom.onChange = { [unowned self] level in actions.updateSettings { $0.albumGridZoomLevel = level } }
    }

    /// Waits until the settings (and every other file change the actions queued) are written: before the process
    /// ends. Not on the UI thread while the loop runs.
    public func finishFileWork() { actions.worker.waitForFileWork() }
}
