# The movements app's saved data (custom movements) lives here.
