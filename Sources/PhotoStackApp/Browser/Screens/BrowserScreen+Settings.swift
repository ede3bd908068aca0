import PhotoPipeline

/// The browser's remembered settings: the zoom levels of the albums screen and of the album grid (one level for
/// every album) as saved at the last run, and every zoom change saved again through the one `SettingsKeeper`.
extension BrowserScreen {
    /// Uses `keeper`: the saved zoom levels are applied at once (no animation) and later changes are saved through
    /// it. Call it before the window opens (`BrowserLaunch.makeScreen`); until then the settings live in memory.
    public func useSettings(_ keeper: SettingsKeeper) {
        settingsKeeper = keeper
        albums.setZoomLevel(keeper.settings.albumsZoomLevel)
        for case let screen as AlbumScreen in stack { screen.setZoomLevel(keeper.settings.albumGridZoomLevel) }
    }

    /// Saves the albums screen's zoom changes (called once, from `init`).
    func connectZoomToSettings() {
        albums.zoom.onChange = { [unowned self] level in settingsKeeper.update { $0.albumsZoomLevel = level } }
    }

    /// Gives a new album screen the grid's zoom level and saves its changes (the level is shared by every album).
    func configureZoom(of screen: AlbumScreen) {
        screen.setZoomLevel(settingsKeeper.settings.albumGridZoomLevel)
        screen.zoom.onChange = { [unowned self] level in settingsKeeper.update { $0.albumGridZoomLevel = level } }
    }
}
