#!/usr/bin/python3
"""Sets the X display's ICC profile as colord's xiccd or ArgyllCMS `dispwin -I` do: the profile's bytes in the
root window's _ICC_PROFILE property (CARDINAL, format 8) on $DISPLAY. With no file, removes the property (the
display is then sRGB). Usage: scripts/set-display-profile.py [PROFILE.icc]"""
import ctypes
import sys

x11 = ctypes.cdll.LoadLibrary("libX11.so.6")
x11.XOpenDisplay.restype = ctypes.c_void_p
x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
x11.XDefaultRootWindow.restype = ctypes.c_ulong
x11.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
x11.XInternAtom.restype = ctypes.c_ulong
x11.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
x11.XChangeProperty.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_int,
                                ctypes.c_int, ctypes.c_char_p, ctypes.c_int]
x11.XDeleteProperty.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong]
x11.XCloseDisplay.argtypes = [ctypes.c_void_p]

display = x11.XOpenDisplay(None)
if not display:
    sys.exit("set-display-profile: cannot open the display")
root = x11.XDefaultRootWindow(display)
atom = x11.XInternAtom(display, b"_ICC_PROFILE", 0)
if len(sys.argv) > 1:
    data = open(sys.argv[1], "rb").read()
    XA_CARDINAL, PropModeReplace = 6, 0
    x11.XChangeProperty(display, root, atom, XA_CARDINAL, 8, PropModeReplace, data, len(data))
else:
    x11.XDeleteProperty(display, root, atom)
x11.XCloseDisplay(display)
