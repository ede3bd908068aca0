import PhotoPipeline

extension BrowserScreen {
    /// Applies the saved settings and the command line: the sort order (`--sort` for this run, else the saved
    /// one), the saved zoom levels, a slideshow to start once the library is there (`--slideshow [SECONDS]`);
    /// later sort and zoom changes are saved to `store`.
    public func configure(settings: AppSettings, store: SettingsStore?, options: BrowserOptions) {
        var settings = settings
        settings.runGridStyle = options.grid
        actions.settings = settings
        actions.settingsStore = store
        applySavedZoom(settings)
        let order = options.sort ?? settings.sortOrder
        if order != .name {
            library.presentation.order = order
            presentationChanged(at: time)
            if order == .taken { actions.readTakenDates() }
        }
        if options.slideshow { pendingSlideshow = options.slideshowSeconds ?? SlideshowScreen.defaultInterval }
    }

    /// Starts the slideshow asked for at launch once the scan is done and what was to be opened is open: from
    /// the photo or album shown, else through every album.
    func startPendingSlideshowIfPossible() {
        guard let interval = pendingSlideshow, pendingOpen == nil, width > 0, !library.isScanning, !library.albums.isEmpty,
              actions.sortIsSettled
        else { return }
        pendingSlideshow = nil
        actions.slideshowInterval = interval
        actions.startSlideshow(actions.keyboardTargets(), interval: interval)
    }
}
