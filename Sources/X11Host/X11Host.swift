// X11Host: see Package.swift for the role of this module.
