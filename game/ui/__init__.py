"""The pygame table: app loop, scene stack, table scene, dialogs and the menu theme."""
