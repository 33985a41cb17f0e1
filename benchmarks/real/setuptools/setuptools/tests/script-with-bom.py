result = 'passed'
