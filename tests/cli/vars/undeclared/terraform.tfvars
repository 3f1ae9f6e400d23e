regoin = "us-east-1"
