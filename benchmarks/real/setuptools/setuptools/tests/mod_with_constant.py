value = 'three, sir!'
