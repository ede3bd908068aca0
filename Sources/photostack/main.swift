import PhotoStackApp

PhotoStackCommand.main()
