/// One folder the Places screen offers to open as the library: where it is, what it is, and whether it can be
/// opened now (a bookmark whose folder is gone is listed, dimmed, with `reason`).
public struct Place: Hashable, Sendable {
    /// Where the entry comes from; the screen groups and marks entries by it.
    public enum Kind: String, Hashable, Sendable {
        /// The user's pictures folder (XDG_PICTURES_DIR, else ~/Pictures).
        case pictures
        /// The home folder.
        case home
        /// The sample library shipped with PhotoStack.
        case sample
        /// A library opened before (settings' `recentLibraries`).
        case recent
        /// A GTK bookmark (`~/.config/gtk-3.0/bookmarks`).
        case bookmark
        /// A removable or local drive mounted under /media, /run/media or /mnt.
        case drive
        /// A network share (nfs, cifs/smb, sshfs, davfs).
        case network
    }

    /// What the screen shows in bold (the bookmark's label, else the folder's name).
    public var name: String
    /// The folder, absolute.
    public var path: PhotoPath
    public var kind: Kind
    /// Nil when the folder can be opened; else why not ("folder not found", "not a folder", "cannot be read").
    public var unavailableReason: String?

    /// True when the folder exists, is a folder and can be listed.
    public var isAvailable: Bool { unavailableReason == nil }

    public init(name: String, path: PhotoPath, kind: Kind, unavailableReason: String? = nil) {
        self.name = name; self.path = path; self.kind = kind; self.unavailableReason = unavailableReason
    }
}
